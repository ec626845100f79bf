import styled from 'styled-components';
import { ButtonLink, ErrorText, MutedText, theme } from '@side-quest/design';
import type { SectionPrefetch } from '@side-quest/data';
import { BountyCard, CardGrid } from '../common/BountyCard';
import { prefetchFeaturedBounties, useFeaturedBounties } from './useFeaturedBounties';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(6)};
  > a {
    align-self: center;
  }
`;

/**
 * The landing page's FEATURED BOUNTIES: the 3 highest rewards. The shell renders the section heading;
 * cards use h3 beneath it.
 */
export default function FeaturedBounties() {
  const { data, isPending, isError, error } = useFeaturedBounties();
  const featured = data ?? [];

  let body;
  if (isPending) body = <MutedText role="status">Loading bounties...</MutedText>;
  else if (isError) body = <ErrorText role="alert">{error.message || 'Failed to load bounties.'}</ErrorText>;
  else if (featured.length === 0) body = <MutedText>No featured bounties found.</MutedText>;
  else
    body = (
      <CardGrid aria-label="Featured bounties">
        {featured.map((bounty) => (
          <li key={bounty.id}>
            <BountyCard bounty={bounty} headingLevel="h3" />
          </li>
        ))}
      </CardGrid>
    );

  return (
    <Wrapper>
      {body}
      <ButtonLink to="/bounties" $variant="secondary">
        VIEW_ALL_BOUNTIES
      </ButtonLink>
    </Wrapper>
  );
}

/** Server rendering: the featured bounties, picked on the server. */
// Server rendering only, left out of browser builds (docs/decisions.md, "Server-only code").
export const prefetch: SectionPrefetch | undefined =
  typeof window === 'undefined'
    ? async ({ queryClient }) => {
        await prefetchFeaturedBounties(queryClient);
      }
    : undefined;
