import styled from 'styled-components';
import {
  Link,
  LocalTime,
  MutedText,
  PageContainer,
  PageHeading,
  PageMeta,
  useParams,
  theme,
} from '@side-quest/design';
import { PageLoading, PageNotFound } from '@side-quest/design/page-states';
import type { SectionPrefetch } from '@side-quest/data';
import {
  formatScore,
  hiddenRunsText,
  moveLabel,
  prefetchLeaderboard,
  SCORED_PAGES,
  TESTS_PASSED_METRIC,
  useLeaderboard,
  type LeaderboardData,
} from '@side-quest/data/lifecycle';

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  font-family: ${theme.font.mono};
  font-weight: 700;
`;

/**
 * A table wider than the screen (a very narrow phone) scrolls inside its own box rather than widening the
 * page; at 390 px it fits. The box is no focus stop: browsers make a scrolling box reachable by keyboard.
 */
const TableBox = styled.div`
  overflow-x: auto;
  /* The containing block of the visually hidden words in the cells, so they scroll with the table. */
  position: relative;
  /* Never wider than the phone's screen, whatever the page's layout around it. */
  max-width: calc(100vw - ${theme.space(8)});
  margin: ${theme.space(4)} 0;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.8rem;
  @media (min-width: ${theme.breakpoint.medium}) {
    font-size: 0.95rem;
  }
  caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: ${theme.space(2)};
  }
  th,
  td {
    padding: ${theme.space(2)} ${theme.space(1)};
    text-align: right;
    border-top: 1px solid ${theme.color.border};
    vertical-align: middle;
  }
  th:nth-child(2),
  td:nth-child(2) {
    text-align: left;
  }
  thead th {
    white-space: nowrap;
    border-top: none;
    font-family: ${theme.font.mono};
    font-size: 0.75rem;
    color: ${theme.color.textMuted};
  }
  tbody th {
    font-family: ${theme.font.mono};
  }
  td {
    font-family: ${theme.font.mono};
    white-space: nowrap;
  }
  /* The time of the best entry wraps on a phone: date, then time. */
  td.when {
    white-space: normal;
    min-width: 5rem;
  }
  td.entrant {
    font-family: inherit;
    white-space: normal;
    overflow-wrap: anywhere;
    min-width: 4.5rem;
  }
  tr.baseline td,
  tr.baseline th {
    color: ${theme.color.textMuted};
    font-style: italic;
  }
`;

/** A test-scored board ranks by tests passed rather than by a metric on an answer key. */
const testScored = (data: LeaderboardData) => data.metric === TESTS_PASSED_METRIC.name;

function BoardTable({ data }: { data: LeaderboardData }) {
  const revealed = data.phase === 'private';
  const tests = testScored(data);
  const caption = tests
    ? revealed
      ? 'Final leaderboard: hidden tests passed by each entrant’s final entries'
      : 'Public leaderboard: public tests passed by each entrant’s best entry'
    : revealed
      ? 'Final leaderboard: private scores of each entrant’s final entries'
      : 'Public leaderboard: each entrant’s best public score';
  return (
    <TableBox>
      <Table data-testid="leaderboard">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Entrant</th>
            <th scope="col">{tests ? TESTS_PASSED_METRIC.label : 'Score'}</th>
            <th scope="col">Entries</th>
            <th scope="col">Best entry</th>
            {revealed && <th scope="col">Move</th>}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => {
            const move = moveLabel(row);
            return (
              <tr key={row.rank} data-testid="leaderboard-row">
                <th scope="row">{row.rank}</th>
                <td className="entrant">
                  {row.handle ? (
                    <Link to={`/talent/${encodeURIComponent(row.handle)}`}>{row.entrant}</Link>
                  ) : (
                    row.entrant
                  )}
                </td>
                <td>{formatScore(row.score)}</td>
                <td>{row.entries}</td>
                <td className="when">
                  <LocalTime iso={row.bestEntryAt} />
                </td>
                {revealed && (
                  <td data-testid="leaderboard-move">
                    <span aria-hidden="true">{move.text}</span>
                    <span className="visually-hidden">{move.spoken}</span>
                  </td>
                )}
              </tr>
            );
          })}
          {data.baseline !== null && (
            <tr className="baseline" data-testid="leaderboard-baseline">
              <th scope="row">
                <span aria-hidden="true">—</span>
                <span className="visually-hidden">Not ranked</span>
              </th>
              <td className="entrant">Sponsor’s baseline (not ranked)</td>
              <td>{formatScore(data.baseline)}</td>
              <td />
              <td />
              {revealed && <td />}
            </tr>
          )}
        </tbody>
      </Table>
    </TableBox>
  );
}

/** How a test-scored board is ranked, before and after the deadline, and the reveal's wait. */
function TestsBoardText({ data }: { data: LeaderboardData }) {
  const hiddenRuns = data.hiddenRuns;
  return (
    <>
      <p>
        Ranked by {TESTS_PASSED_METRIC.label.toLowerCase()}, higher is better, on the sponsor’s tests. Ties go
        to the earlier entry.
      </p>
      {data.phase === 'private' ? (
        <p data-testid="leaderboard-phase">
          The submission deadline (<LocalTime iso={data.submissionDeadline} />) has passed: this is the final
          board, ranking each entrant’s final entries by the hidden tests nobody saw before. Move compares
          each place with the public board.
        </p>
      ) : (
        <p data-testid="leaderboard-phase">
          Until the submission deadline (<LocalTime iso={data.submissionDeadline} />) this board ranks each
          entrant’s best entry by the public tests passed. After it, hidden tests run on each entrant’s final
          entries and decide the final board, which may order entrants differently.
        </p>
      )}
      {hiddenRuns && data.phase === 'public' && (
        <p role="status" data-testid="hidden-runs">
          The hidden tests are running: {hiddenRunsText(hiddenRuns)}. The final board is revealed once all
          are.
        </p>
      )}
    </>
  );
}

function LoadedView({ data }: { data: LeaderboardData }) {
  const revealed = data.phase === 'private';
  const tests = testScored(data);
  const bountyPath = `/bounty/${encodeURIComponent(data.bountyId)}`;
  const better = data.direction === 'higher' ? 'higher is better' : 'lower is better';
  return (
    <PageContainer>
      <PageMeta
        title={`Leaderboard: ${data.title}`}
        description={
          tests
            ? `The leaderboard of “${data.title}” on Side Quest: entries ranked by the sponsor’s tests passed.`
            : `The leaderboard of “${data.title}” on Side Quest: entries scored by ${data.metricLabel} against answers the sponsor keeps.`
        }
      />
      <BackLink to={bountyPath}>
        <span aria-hidden="true">←</span> BACK_TO_BOUNTY
      </BackLink>
      <PageHeading>Leaderboard: {data.title}</PageHeading>
      {data.demo && (
        <MutedText data-testid="demo-notice">
          Demo data: this bounty, its entrants and their scores were made up to show how Side Quest works.
        </MutedText>
      )}
      {tests ? (
        <TestsBoardText data={data} />
      ) : (
        <>
          <p>
            Scored by {data.metricLabel}, {better}, against answers the sponsor keeps. Ties go to the earlier
            entry.
          </p>
          {revealed ? (
            <p data-testid="leaderboard-phase">
              The submission deadline (<LocalTime iso={data.submissionDeadline} />) has passed: this is the
              final board, scored on the {100 - data.publicShare}% of the answers nobody saw before, using
              each entrant’s final entries. Move compares each place with the public board.
            </p>
          ) : (
            <p data-testid="leaderboard-phase">
              Until the submission deadline (<LocalTime iso={data.submissionDeadline} />) this board ranks
              scores on the public {data.publicShare}% of the answers. The final board, on the other{' '}
              {100 - data.publicShare}%, is revealed at the deadline and may order entrants differently.
            </p>
          )}
        </>
      )}
      {data.rows.length === 0 ? <p>No entry has been scored yet.</p> : <BoardTable data={data} />}
      {data.keyPublished && (
        <p>
          The sponsor published the answer key; signed in, you may{' '}
          <a href={SCORED_PAGES.file(data.bountyId, 'key')} download>
            download the answer key
          </a>
          .
        </p>
      )}
      {data.rows.length === 0 && data.baseline !== null && (
        <p data-testid="leaderboard-baseline">
          The sponsor’s baseline scores {formatScore(data.baseline)} (not ranked).
        </p>
      )}
      {data.removed.length > 0 && (
        <section aria-labelledby="leaderboard-removed">
          <h2 id="leaderboard-removed">Removed from the board</h2>
          <ul>
            {data.removed.map((removal) => (
              <li key={removal.entrant}>{removal.entrant}: the sponsor did not accept the submission.</li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <Link to={bountyPath}>The bounty’s terms and prizes</Link>
      </p>
    </PageContainer>
  );
}

/** /bounty/:id/leaderboard — a scored bounty's leaderboard (issue 45 item 5), server-rendered. */
export default function LeaderboardPage() {
  const { id = '' } = useParams();
  const query = useLeaderboard(id);
  if (query.isPending) return <PageLoading heading="Loading leaderboard..." blocks={['12rem']} />;
  if (query.isError || !query.data)
    return (
      <PageNotFound
        title="Leaderboard Not Found"
        heading="LEADERBOARD_NOT_FOUND"
        message={
          query.isError
            ? 'The leaderboard cannot be read right now. Try again shortly.'
            : 'No scored bounty has a leaderboard at this address.'
        }
        back={{ to: `/bounty/${encodeURIComponent(id)}`, label: 'BACK_TO_BOUNTY' }}
      />
    );
  return <LoadedView data={query.data} />;
}

/** Server rendering: the board; a bounty without one is a 404. */
// Server rendering only, left out of browser builds (docs/decisions.md, "Server-only code").
export const prefetch: SectionPrefetch | undefined =
  typeof window === 'undefined'
    ? async ({ queryClient, params }) => {
        const data = await prefetchLeaderboard(queryClient, params.id ?? '');
        return data ? {} : { notFound: true };
      }
    : undefined;
