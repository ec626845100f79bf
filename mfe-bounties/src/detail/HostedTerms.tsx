import styled from 'styled-components';
import { LocalTime, MutedText, UserContent } from '@side-quest/design';

import { countryName, payoutMethodLabel } from '@side-quest/data/account';
import {
  SUBMISSION_LINK_KINDS,
  formatUsd,
  UNCLAIMED_POLICIES,
  paidSince,
  type HostedSummary,
  type PublicWinner,
} from '@side-quest/data/lifecycle';
import { SponsorTrustLine } from '../common/SponsorTrustLine';

const Prizes = styled.ol`
  padding-left: 1.25rem;
`;

function paymentLine(winner: PublicWinner, now: number): string {
  if (paidSince(winner, now) !== null)
    return winner.answer === 'received' || winner.resolution === 'paid'
      ? 'Paid, confirmed by the winner'
      : 'Paid (no report within 14 days)';
  if (winner.answer === 'not-received') return 'Reported not received: Side Quest staff are looking into it';
  if (winner.recordedAt) return 'Payment recorded, waiting for the winner to confirm';
  return 'Not paid yet';
}

function Winner({ winner, now }: { winner: PublicWinner; now: number }) {
  return (
    <li>
      Prize {winner.slot + 1}: {formatUsd(winner.prize)} to{' '}
      <strong>{winner.handle ?? 'a winner without a public handle'}</strong> — {paymentLine(winner, now)}
      {winner.outOfOrderReason && (
        <p>
          Chosen out of the leaderboard’s order. The sponsor’s reason: <q>{winner.outOfOrderReason}</q>
        </p>
      )}
      {winner.submission && (
        <details>
          <summary>The winning submission</summary>
          <ul>
            {SUBMISSION_LINK_KINDS.filter(([kind]) => winner.submission?.links[kind]).map(([kind, label]) => (
              <li key={kind}>
                {label}:{' '}
                <a href={winner.submission?.links[kind]} rel="nofollow ugc noopener noreferrer">
                  {winner.submission?.links[kind]}
                </a>
              </li>
            ))}
          </ul>
          <UserContent html={winner.submission.writeUpHtml} />
        </details>
      )}
    </li>
  );
}

/**
 * What a bounty hosted on Side Quest adds to its detail page: the acceptance criteria, the prize slots,
 * the clocks (in the viewer's time zone), who may take part, what happens to unearned money, and after
 * the announcement the winners with each payment's state.
 */
export interface HostedTermsProps {
  hosted: HostedSummary;
  now: number;
}

export function HostedTerms({ hosted, now }: HostedTermsProps) {
  const unclaimed = UNCLAIMED_POLICIES.find(([policy]) => policy === hosted.unclaimed)?.[1] ?? '';
  return (
    <>
      <SponsorTrustLine sponsor={hosted.sponsor} />
      {hosted.demo && (
        <MutedText data-testid="demo-notice">
          Demo data: this bounty, its sponsor’s history and its winners were made up to show how Side Quest
          works.
        </MutedText>
      )}
      {hosted.stateReason && (
        <section aria-labelledby="bounty-ended">
          <h2 id="bounty-ended">{hosted.state === 'cancelled' ? 'CANCELLED' : 'CLOSED_WITHOUT_WINNER'}</h2>
          <p>{hosted.stateReason}</p>
        </section>
      )}
      {hosted.winners.length > 0 && (
        <section aria-labelledby="bounty-winners">
          <h2 id="bounty-winners">WINNERS</h2>
          <ul>
            {hosted.winners.map((winner) => (
              <Winner key={winner.slot} winner={winner} now={now} />
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="bounty-criteria">
        <h2 id="bounty-criteria">ACCEPTANCE_CRITERIA</h2>
        <MutedText>Judging scores each one from 0 to 5.</MutedText>
        <ol>
          {hosted.criteria.map((criterion) => (
            <li key={criterion}>{criterion}</li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="bounty-prizes">
        <h2 id="bounty-prizes">PRIZES</h2>
        <Prizes>
          {hosted.prizes.map((prize, slot) => (
            <li key={slot}>{formatUsd(prize)}</li>
          ))}
        </Prizes>
        <p>Prize money no winner earns is {unclaimed.toLowerCase()}.</p>
      </section>
      <section aria-labelledby="bounty-terms">
        <h2 id="bounty-terms">TERMS</h2>
        <dl>
          <div>
            <dt>Submissions close</dt>
            <dd>
              <LocalTime iso={hosted.submissionDeadline} />
            </dd>
          </div>
          <div>
            <dt>Winners announced by</dt>
            <dd>
              <LocalTime iso={hosted.judgingDeadline} />
            </dd>
          </div>
          <div>
            <dt>Winners paid within</dt>
            <dd>{hosted.paymentDueDays} days of the announcement</dd>
          </div>
          <div>
            <dt>Open to</dt>
            <dd>
              {hosted.eligibleCountries.length > 0
                ? hosted.eligibleCountries.map((code) => countryName(code) ?? code).join(', ')
                : 'People everywhere'}
            </dd>
          </div>
          <div>
            <dt>Paid by</dt>
            <dd>{hosted.payoutMethods.map(payoutMethodLabel).join(', ')}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
