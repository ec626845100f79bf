/** How a link was shared: the system share sheet, copied, cancelled by the visitor, or not at all. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareCapabilities {
  share?: (data: { title: string; url: string }) => Promise<void>;
  copy?: (text: string) => Promise<void>;
}

/**
 * Shares a page's link: the Web Share API where the browser has it, else the clipboard. Closing the
 * share sheet is the visitor's choice, not a failure; a share sheet that fails otherwise falls back to
 * copying.
 */
export async function shareLink(
  link: { title: string; url: string },
  capabilities: ShareCapabilities,
): Promise<ShareOutcome> {
  if (capabilities.share) {
    try {
      await capabilities.share(link);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (capabilities.copy) {
    try {
      await capabilities.copy(link.url);
      return 'copied';
    } catch {
      return 'failed';
    }
  }
  return 'failed';
}

/** The link as shared: the page's own address, without a query string or fragment (no tracking). */
export function cleanShareUrl(absoluteUrl: string): string {
  const url = new URL(absoluteUrl);
  url.search = '';
  url.hash = '';
  return url.href;
}
