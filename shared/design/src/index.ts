export { theme, media, type Theme } from './theme';
export { GlobalStyle } from './GlobalStyle';
export {
  Button,
  ButtonLink,
  Card,
  ErrorText,
  MutedText,
  PageContainer,
  PageHeading,
  Skeleton,
  Tag,
} from './primitives';
export { Dialog, type DialogProps } from './dialog/Dialog';
export {
  toast,
  dismissToast,
  TOAST_AUTO_CLOSE_MS,
  TOAST_REMOVE_DELAY_MS,
  type ToastInput,
  type ToastItem,
  type ToastVariant,
} from './toast/toastStore';
export { ToastViewport, SWIPE_DISMISS_THRESHOLD_PX } from './toast/ToastViewport';
export {
  PageMeta,
  JsonLd,
  serializeJsonLd,
  pageTitle,
  metaDescription,
  DEFAULT_TITLE,
  PRODUCT_NAME,
  META_DESCRIPTION_LENGTH,
  type PageMetaProps,
} from './meta/PageMeta';
export { AppProviders } from './AppProviders';
export * from './router';
