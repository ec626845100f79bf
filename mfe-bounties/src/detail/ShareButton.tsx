import { Button, toast } from '@side-quest/design';
import { replayable, useAbsoluteUrl } from '@side-quest/data';
import { cleanShareUrl, shareLink } from '../common/shareLink';

/**
 * Share: the system share sheet where there is one, else the link is copied and a toast says so. Both
 * need JavaScript: a click before hydration is replayed once the page has hydrated (`data-replay`), and
 * without JavaScript the button is not shown (the address bar is the link).
 */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const absoluteUrl = useAbsoluteUrl();
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
  return (
    <Button type="button" $variant="secondary" onClick={() => void onShare()} {...replayable('share')}>
      Share
    </Button>
  );
}
