import { memo } from 'react';
import styled from 'styled-components';
import { Button, toast, theme } from '@side-quest/design';
import { replayable, useAbsoluteUrl } from '@side-quest/data';
import { FEED_TYPES, feedUrl, type BountyFilters } from '@side-quest/data/bounty-query';
import { ALERT_FORMS, alertQuery } from '@side-quest/data/alerts';
import { shareLink } from '../common/shareLink';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${theme.space(2)};
  margin: -${theme.space(3)} 0 ${theme.space(4)};
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-family: ${theme.font.mono};
  }
`;

/**
 * "E-mail me new bounties like these": a plain POST form (no JavaScript needed) that keeps the list's
 * current filters as an alert of the signed-in person; their filters ride in the action's query string,
 * so a signed-out visitor is sent through sign-in and back to /account/alerts with the search, to save
 * it there.
 */
function AlertForm({ filters }: { filters: BountyFilters }) {
  const query = alertQuery(filters);
  return (
    <form method="post" action={`${ALERT_FORMS.create}?new=1${query ? `&${query}` : ''}`}>
      <Button type="submit" $variant="secondary">
        E-mail me new bounties like these
      </Button>
    </form>
  );
}

/**
 * The feed of the list's current filters: 'Subscribe (RSS)' opens it, the copy button puts its address
 * on the clipboard for a feed reader (a click before hydration is replayed after it; without
 * JavaScript the button is not shown), and the page's head names it (rel=alternate) for readers that
 * look there.
 */
export const FeedLinks = memo(function FeedLinks({ filters }: { filters: BountyFilters }) {
  const absoluteUrl = useAbsoluteUrl();
  const rss = absoluteUrl(feedUrl(filters, 'rss'));
  const onCopy = async () => {
    const outcome = await shareLink(
      { title: 'Bounties feed', url: rss },
      { copy: navigator.clipboard ? (text) => navigator.clipboard.writeText(text) : undefined },
    );
    if (outcome === 'copied') toast({ title: 'Feed link copied', description: rss, variant: 'success' });
    else toast({ title: 'Could not copy the feed link', description: rss, variant: 'error' });
  };
  return (
    <Row>
      <link rel="alternate" type={FEED_TYPES.rss} title="Side Quest bounties (RSS)" href={rss} />
      <link
        rel="alternate"
        type={FEED_TYPES.json}
        title="Side Quest bounties (JSON Feed)"
        href={absoluteUrl(feedUrl(filters, 'json'))}
      />
      <AlertForm filters={filters} />
      <a href={rss}>Subscribe (RSS)</a>
      <Button type="button" $variant="ghost" onClick={() => void onCopy()} {...replayable('copy-feed-link')}>
        Copy feed link
      </Button>
    </Row>
  );
});
