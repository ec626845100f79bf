import type { ComponentProps } from 'react';
import { onDemand, preloadDialog } from '@side-quest/design';

/**
 * The small screens' menu (MobileMenu) in a chunk of its own, with the modal dialog it opens in:
 * loaded as the pointer or focus reaches the menu button, on opening, and before hydrating a page
 * whose URL opened it (`?menu=open`, rendered open by the server).
 */
const mobileMenu = onDemand(() => import(/* webpackChunkName: "mobile-menu" */ './MobileMenu'));

export function preloadMobileMenu(): Promise<unknown> {
  return Promise.all([mobileMenu.preload(), preloadDialog()]);
}

export function LazyMobileMenu(props: ComponentProps<typeof import('./MobileMenu').MobileMenu>) {
  const { MobileMenu } = mobileMenu.useModule();
  return <MobileMenu {...props} />;
}
