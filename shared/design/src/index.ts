export { theme, media, type Theme } from './theme';
export { GlobalStyle } from './GlobalStyle';
export {
  Button,
  ButtonLink,
  Card,
  ChoiceGroup,
  ErrorText,
  MutedText,
  PageContainer,
  PageHeading,
  Skeleton,
  FormField,
  Notice,
  Panel,
  PanelColumn,
  RowList,
  StackedForm,
  Tag,
} from './primitives';
export { Dialog, preloadDialog } from './dialog/lazyDialog';
export { toast } from './toast/toastStore';
export { ToastViewport, preloadToast } from './toast/ToastViewport';
export { PageMeta, JsonLd, serializeJsonLd, pageTitle, PRODUCT_NAME } from './meta/PageMeta';
export {
  bountyPreviewImage,
  bountyPreviewVersion,
  cardPreviewVersion,
  previewImageVersion,
  storyPreviewImage,
  type PreviewCard,
  type SectionPreviewCard,
} from './meta/previewImage';
export { AppProviders } from './AppProviders';
export { usePrefersReducedMotion } from './motion/usePrefersReducedMotion';
export { useHydrated } from './useHydrated';
export { onDemand } from './lazy/onDemand';
export { SamePageForm } from './forms/SamePageForm';
export { BreakableText } from './text/BreakableText';
export { LocalTime } from './text/LocalTime';
export { UserContent } from './markdown/UserContent';
export { laidOutNearViewport, type PlaceholderHeights } from './layout/laidOutNearViewport';
export * from './router';
