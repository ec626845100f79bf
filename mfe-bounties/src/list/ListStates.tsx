import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card, MutedText, SamePageForm, Skeleton, theme } from '@side-quest/design';
import { SITE_ROUTES } from '@side-quest/data';
import { CardGrid } from '../common/BountyCard';
import { reloadPage } from '../common/reloadPage';
import { ListFormButton } from './ListFormButton';

/** Skeleton cards while the list loads (mfe-bounties/README.md, "List"). */
export const SKELETON_CARD_COUNT = 6;

const StatePanel = styled.div`
  text-align: center;
  padding: ${theme.space(10)} ${theme.space(4)};
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.large};
  h2 {
    font-size: 1.3rem;
  }
`;

export function LoadingCards() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading bounties...
      </p>
      <CardGrid aria-hidden="true">
        {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
          <li key={index}>
            <Card data-testid="bounty-skeleton">
              <Skeleton $height="1.4rem" $width="70%" />
              <Skeleton $height="0.9rem" $width="40%" />
              <Skeleton $height="0.9rem" />
              <Skeleton $height="0.9rem" $width="85%" />
              <Skeleton $height="1.6rem" $width="55%" />
            </Card>
          </li>
        ))}
      </CardGrid>
    </div>
  );
}

export function ListError({ message }: { message: string }) {
  return (
    <StatePanel role="alert">
      <h2>Error Loading Bounties</h2>
      <MutedText>{message || 'Failed to load bounties.'}</MutedText>
      {/* A reload of this page, so it works before hydration and without JavaScript too. */}
      <SamePageForm>
        <Button
          type="submit"
          onClick={(event) => {
            event.preventDefault();
            reloadPage();
          }}
        >
          TRY_AGAIN
        </Button>
      </SamePageForm>
    </StatePanel>
  );
}

/**
 * A button back to the unfiltered list: without JavaScript a GET form to it; once hydrated, the click
 * applies at once.
 */
function UnfilteredListButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <form method="get" action={SITE_ROUTES.bounties} onSubmit={(event) => event.preventDefault()}>
      <ListFormButton onAct={onClick}>{children}</ListFormButton>
    </form>
  );
}

export function ListEmpty({ onReset }: { onReset: () => void }) {
  return (
    <StatePanel>
      <h2>No bounties found</h2>
      <MutedText>Try adjusting your filters to see more results.</MutedText>
      <UnfilteredListButton onClick={onReset}>Reset Filters</UnfilteredListButton>
    </StatePanel>
  );
}

/** ?saved=1 with nothing saved (or nothing saved that matches): how to save one, and the way back. */
export function SavedEmpty({ onShowAll }: { onShowAll: () => void }) {
  return (
    <StatePanel>
      <h2>No saved bounties yet</h2>
      <MutedText>
        Select the ☆ Save bounty button on any bounty to keep it here. Saved bounties stay in this browser.
      </MutedText>
      <UnfilteredListButton onClick={onShowAll}>Show all bounties</UnfilteredListButton>
    </StatePanel>
  );
}
