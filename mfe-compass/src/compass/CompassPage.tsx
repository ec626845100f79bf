import styled from 'styled-components';
import { RENDER_TIME_KEY, type SectionPrefetch } from '@side-quest/data';
import {
  Button,
  ErrorText,
  MutedText,
  PageContainer,
  PageHeading,
  PageMeta,
  SamePageForm,
  media,
  theme,
} from '@side-quest/design';
import { compassHead } from '@side-quest/data/route-heads';
import type { CompassStats } from '../stats/compassStats';
import { prefetchCompassStats, useCompassStats } from './useCompassStats';
import { HighestPayingSkills } from './sections/HighestPayingSkills';
import { InDemandSkills } from './sections/InDemandSkills';
import { TrendingAreas } from './sections/TrendingAreas';
import { SkillPaySection } from './sections/SkillPaySection';
import { prefetchSkillPay } from '@side-quest/data/trust';

const Intro = styled.header`
  margin-bottom: ${theme.space(8)};
  p {
    margin: 0;
    max-width: 40rem;
  }
`;

/** Phone: one column. Desktop: demand on the left, trending and pay stacked on the right. */
const Dashboard = styled.div`
  display: grid;
  gap: ${theme.space(5)};
  ${media.medium} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    & > :first-child {
      grid-row: span 2;
    }
  }
`;

const ErrorPanel = styled.div`
  border: 1px solid ${theme.color.danger};
  border-radius: ${theme.radius.large};
  padding: ${theme.space(6)};
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space(3)};
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  p {
    margin: 0;
  }
`;

const EMPTY_STATS: CompassStats = { topSkills: [], trendingAreas: [], highestPayingSkills: [] };

/**
 * /compass (mfe-compass/README.md): which skills companies pay for, computed from the same bounty list
 * the landing and marketplace pages load (one shared query, no request of its own once it is cached).
 */
export default function CompassPage() {
  const { data, error, isError, isFetching, refetch } = useCompassStats();
  // Without statistics yet it is either failed (and not retrying) or loading; a retry shows the grey rows.
  const failed = !data && isError && !isFetching;
  const loading = !data && !failed;
  const stats = data ?? EMPTY_STATS;

  return (
    <PageContainer>
      <PageMeta {...compassHead} />
      <Intro>
        <PageHeading>Value Compass - In-Demand Skills</PageHeading>
        <MutedText>Which skills companies pay for, read from the bounties posted on Side Quest.</MutedText>
      </Intro>
      {loading && (
        <p role="status" className="visually-hidden">
          Loading bounties...
        </p>
      )}
      {failed ? (
        <ErrorPanel role="alert">
          <h2>Error Loading Bounties</h2>
          <ErrorText>{error?.message || 'Failed to load bounties.'}</ErrorText>
          {/* Before hydration and without JavaScript, a reload of this page. */}
          <SamePageForm>
            <Button
              type="submit"
              onClick={(event) => {
                event.preventDefault();
                void refetch();
              }}
            >
              TRY_AGAIN
            </Button>
          </SamePageForm>
        </ErrorPanel>
      ) : (
        <Dashboard>
          <InDemandSkills skills={stats.topSkills} loading={loading} />
          <TrendingAreas areas={stats.trendingAreas} loading={loading} />
          <HighestPayingSkills skills={stats.highestPayingSkills} loading={loading} />
        </Dashboard>
      )}
      <SkillPaySection />
    </PageContainer>
  );
}

/**
 * Server rendering: the statistics, computed at the render's time, and what skills pay (when those
 * cannot be read, the browser asks again; the page is not failed for them).
 */
// Server rendering only, left out of browser builds (docs/decisions.md, "Server-only code").
export const prefetch: SectionPrefetch | undefined =
  typeof window === 'undefined'
    ? async ({ queryClient }) => {
        await Promise.all([
          prefetchCompassStats(queryClient, queryClient.getQueryData<number>(RENDER_TIME_KEY) ?? Date.now()),
          prefetchSkillPay(queryClient).catch(() => undefined),
        ]);
      }
    : undefined;
