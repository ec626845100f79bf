/**
 * URL rules for story markdown (mfe-stories/README.md, "Markdown"; user content has stricter rules, see SafeMarkdown): links keep only these protocols or
 * relative URLs; images must also come from our own origins or over https. Everything else is dropped,
 * never rewritten.
 */
const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/** True for a relative URL or one whose protocol is http, https, irc, ircs, mailto or xmpp. */
export function isSafeLinkUrl(url: string): boolean {
  const colon = url.indexOf(':');
  if (colon === -1) return true;
  // A colon after the first '/', '?' or '#' belongs to the path, query or fragment: still relative.
  for (const separator of ['/', '?', '#']) {
    const index = url.indexOf(separator);
    if (index !== -1 && index < colon) return true;
  }
  return SAFE_PROTOCOL.test(url.slice(0, colon));
}

/**
 * True for an image URL that passes the link rule and resolves to https or to one of `trustedOrigins`
 * (the page's origin and the origin our own assets are served from). `//host/x.png` and `\\host\x.png`
 * resolve like the browser would, so they count as the other host.
 */
export function isSafeImageUrl(url: string, trustedOrigins: readonly string[], baseUrl: string): boolean {
  if (!isSafeLinkUrl(url)) return false;
  let resolved: URL;
  try {
    resolved = new URL(url, baseUrl);
  } catch {
    return false;
  }
  return resolved.protocol === 'https:' || trustedOrigins.includes(resolved.origin);
}

/**
 * The urlTransform given to react-markdown: returning undefined removes the attribute, so an unsafe link
 * renders as plain text and an unsafe image is not rendered at all.
 */
export function createStoryUrlTransform(trustedOrigins: readonly string[], baseUrl: string) {
  return (url: string, key: string, node: { tagName: string }): string | undefined => {
    const safe =
      node.tagName === 'img' && key === 'src'
        ? isSafeImageUrl(url, trustedOrigins, baseUrl)
        : isSafeLinkUrl(url);
    return safe ? url : undefined;
  };
}

/** A same-site path such as '/bounties' that the router can follow without a page load. */
export function isInternalPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}
