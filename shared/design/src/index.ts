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
export { Dialog } from './dialog/Dialog';
export { toast } from './toast/toastStore';
export { ToastViewport } from './toast/ToastViewport';
export { PageMeta, JsonLd, serializeJsonLd, PRODUCT_NAME } from './meta/PageMeta';
export { AppProviders } from './AppProviders';
export * from './router';
