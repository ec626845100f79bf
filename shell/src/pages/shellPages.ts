import type { ComponentType } from 'react';
import { ROUTE_TABLE } from '@side-quest/data';

/**
 * The shell's own pages, each a chunk of its own: a page's code is downloaded on that page only (the
 * landing's JavaScript carries none of the about, sign-in or account pages, and the other routes none
 * of the landing's hero and copy, about 2 KB gzip).
 * In the browser the page of the address is loaded before hydration (bootstrap), so the first render
 * has it and matches the server's HTML; the server renders them from ServerApp's static imports.
 */
const LOADERS = {
  landing: () => import('../landing/LandingPage').then((module) => module.LandingPage),
  about: () => import('../about/AboutPage').then((module) => module.AboutPage),
  signIn: () => import('../sign-in/SignInPage').then((module) => module.SignInPage),
  account: () => import('../account/AccountPage').then((module) => module.AccountPage),
  accountAlerts: () => import('../account/AlertsPage').then((module) => module.AlertsPage),
  accountInterviewRequests: () =>
    import('../account/InterviewRequestsPage').then((module) => module.InterviewRequestsPage),
  // Any path outside the route table: no address names it, so hydration waits for it (keeping the
  // server's page) instead of the bootstrap.
  notFound: () => import('../not-found/NotFoundPage').then((module) => module.NotFoundPage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type ShellPageId = keyof typeof LOADERS;
export const SHELL_PAGE_IDS = Object.keys(LOADERS) as ShellPageId[];

const loading = new Map<ShellPageId, Promise<ComponentType>>();
const ready = new Map<ShellPageId, ComponentType>();

/** The page's component once its code has arrived, else undefined. */
export function loadedShellPage(id: ShellPageId): ComponentType | undefined {
  return ready.get(id);
}

/** Loads a page's code (once; a failed load is not kept, so the next render tries again). */
export function loadShellPage(id: ShellPageId): Promise<ComponentType> {
  let promise = loading.get(id);
  if (!promise) {
    promise = LOADERS[id]().then(
      (Page) => {
        ready.set(id, Page);
        return Page;
      },
      (error: unknown) => {
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, promise);
  }
  return promise;
}

/** The shell page at a path (the pages have fixed paths), or undefined. */
export function shellPageAt(pathname: string): ShellPageId | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SHELL_PAGE_IDS.find((id) => id !== 'notFound' && ROUTE_TABLE[id].path === path);
}
