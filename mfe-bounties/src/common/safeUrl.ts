/**
 * URL checks for values that come from bounty data: only http(s) may be opened or loaded, never
 * javascript:, data: or other schemes.
 */

/** The URL when it is an absolute http(s) URL, else null (for APPLY_NOW). */
export function safeExternalUrl(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * An image source that is an absolute http(s) URL or a same-origin path ("/images/x.png"), else null.
 * Protocol-relative ("//host") and backslash tricks resolve to another origin and are refused.
 */
export function safeImageSrc(value: string | null | undefined, origin: string): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const absolute = safeExternalUrl(text);
  if (absolute) return absolute;
  if (!text.startsWith('/') || text.startsWith('//') || text.includes('\\')) return null;
  try {
    const url = new URL(text, origin);
    return url.origin === new URL(origin).origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
