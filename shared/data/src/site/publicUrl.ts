import { createContext, createElement, useContext, type ReactNode } from 'react';

const PublicUrlContext = createContext<string>('');

/**
 * The site's public origin for this render. The server passes the one it puts in the page's runtime
 * config and the browser reads it back from there, so canonical links and structured data are the same
 * in the server's HTML and after hydration.
 */
export function PublicUrlProvider({ publicUrl, children }: { publicUrl: string; children: ReactNode }) {
  // createElement rather than JSX: the data package then needs no JSX runtime, which would cost the
  // browser an extra chunk for this shared package.
  return createElement(PublicUrlContext.Provider, { value: publicUrl }, children);
}

/** Turns a site path into an absolute URL on the public origin (the page's own when none is known). */
export function useAbsoluteUrl(): (path: string) => string {
  const publicUrl = useContext(PublicUrlContext);
  const base = publicUrl || (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
  return (path) => new URL(path, base).toString();
}
