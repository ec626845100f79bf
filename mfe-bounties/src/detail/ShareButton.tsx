import { Button, toast, useHydrated } from '@side-quest/design';
import { useAbsoluteUrl } from '@side-quest/data';
import { cleanShareUrl, shareLink } from '../common/shareLink';

/**
 * Share: the system share sheet where there is one, else the link is copied and a toast says so. Both
 * need JavaScript, so the button appears once the page runs (without it the address bar is the link).
 */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const absoluteUrl = useAbsoluteUrl();
  const hydrated = useHydrated();
  const onShare = async () => {
    const url = cleanShareUrl(absoluteUrl(path));
    const outcome = await shareLink(
      { title, url },
      {
        share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
        copy: navigator.clipboard ? (text) => navigator.clipboard.writeText(text) : undefined,
      },
    );
    if (outcome === 'copied') toast({ title: 'Link copied', description: url, variant: 'success' });
    if (outcome === 'failed')
      toast({ title: 'Could not share', description: `Copy this link: ${url}`, variant: 'error' });
  };
  if (!hydrated) return null;
  return (
    <Button type="button" $variant="secondary" onClick={() => void onShare()}>
      Share
    </Button>
  );
}
