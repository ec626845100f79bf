import ownAsset from '../assets/author-side-quest-team.webp';

/**
 * Origins images may come from besides https: the page's own, and the one this remote's assets are
 * served from (it can be a different host than the shell, e.g. a CDN). The URL webpack gives any of our
 * own asset files reveals the latter.
 */
export function trustedImageOrigins(pageUrl: string): string[] {
  const pageOrigin = new URL(pageUrl).origin;
  return [...new Set([pageOrigin, new URL(ownAsset, pageUrl).origin])];
}
