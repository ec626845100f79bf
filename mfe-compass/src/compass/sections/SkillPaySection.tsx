import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { MutedText, Skeleton, useLocation, theme } from '@side-quest/design';
import { formatNumberEnUs } from '@side-quest/data';
import { skillPayAnchor, useSkillPay, type PayFigures } from '@side-quest/data/trust';
import { bountiesForSkillPath, bountiesInAreaPath } from '../bountyLinks';
import { RowLink } from './rows';

const Panel = styled.section`
  margin-top: ${theme.space(5)};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  padding: ${theme.space(5)};
  min-width: 0;
  h2 {
    font-size: 1.05rem;
    text-transform: uppercase;
    margin-bottom: ${theme.space(2)};
  }
  h3 {
    font-size: 0.95rem;
    margin: ${theme.space(5)} 0 ${theme.space(2)};
  }
`;

const Tables = styled.div`
  display: grid;
  gap: ${theme.space(4)};
  @media (min-width: ${theme.breakpoint.large}) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th,
  td {
    padding: ${theme.space(1)} ${theme.space(1)};
    text-align: right;
    border-top: 1px solid ${theme.color.border};
    vertical-align: middle;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  thead th {
    border-top: none;
    font-family: ${theme.font.mono};
    font-size: 0.75rem;
    color: ${theme.color.textMuted};
    font-weight: 700;
  }
  tbody th {
    font-weight: 400;
    /* A name breaks between words, not inside one ('Engineering' on a phone). */
    min-width: 7.5rem;
    a {
      overflow-wrap: normal;
    }
  }
  tr:target,
  tr[data-target] {
    background: ${theme.color.accentMuted};
    outline: 2px solid ${theme.color.accent};
  }
  td {
    font-family: ${theme.font.mono};
    white-space: nowrap;
  }
  small {
    display: block;
    color: ${theme.color.textMuted};
  }
`;

const usd = (amount: number | null) => (amount === null ? '—' : `$${formatNumberEnUs(amount, 0)}`);

function FiguresTable({
  caption,
  rows,
  link,
  anchor,
  target,
}: {
  caption: string;
  rows: PayFigures[];
  link: (name: string) => string;
  anchor?: (name: string) => string;
  /** The row a link led to (`#pay-skill-…`), marked once the page runs. */
  target?: string | null;
}) {
  return (
    <Table>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{caption}</th>
          <th scope="col">Awarded</th>
          <th scope="col">Paid</th>
          <th scope="col">Median prize</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.name}
            id={anchor?.(row.name)}
            data-target={target && anchor?.(row.name) === target ? '' : undefined}
          >
            <th scope="row">
              <RowLink to={link(row.name)}>{row.name}</RowLink>
              <small>
                {row.bounties} {row.bounties === 1 ? 'bounty' : 'bounties'}
              </small>
            </th>
            <td>{usd(row.awarded)}</td>
            <td>{usd(row.paid)}</td>
            <td>{usd(row.medianPrize)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * What skills pay (issue 33): the prize money of Side Quest-hosted bounties with announced winners, per
 * skill and per area: awarded, paid (confirmed by the winner, resolved Paid, or 14 days unreported) and
 * the median prize. Read from GET /api/v1/skills/pay; beside the SPEC's statistics, which it leaves as
 * they are. Each skill's row is the target of a talent profile's "What it pays" link.
 */
export function SkillPaySection() {
  const { data, isPending, isError } = useSkillPay();
  const { hash } = useLocation();
  // A talent profile's "What it pays" link names a row: shown and marked once the figures are there
  // (after hydration, so the server's HTML and the first render agree).
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!data || !id.startsWith('pay-skill-')) return;
    setTarget(id);
    document.getElementById(id)?.scrollIntoView?.({ block: 'center' });
  }, [data, hash]);
  return (
    <Panel aria-labelledby="skill-pay-heading" aria-busy={isPending} data-testid="skill-pay">
      <h2 id="skill-pay-heading">What skills pay</h2>
      <MutedText>
        The prize money of bounties hosted on Side Quest whose winners are announced: awarded, paid (confirmed
        by the winner, resolved Paid, or not reported missing 14 days after it was sent) and the median prize.
      </MutedText>
      {isPending ? (
        <Skeleton $height="10rem" />
      ) : isError || !data ? (
        <MutedText role="alert">The pay figures cannot be read right now.</MutedText>
      ) : data.skills.length === 0 ? (
        <MutedText>No prize has been awarded on Side Quest yet.</MutedText>
      ) : (
        <>
          {data.demo && (
            <MutedText data-testid="skill-pay-demo">
              Includes the demo data a fresh start of Side Quest shows.
            </MutedText>
          )}
          <Tables>
            <div>
              <h3>By skill</h3>
              <FiguresTable
                caption="Skill"
                rows={data.skills}
                link={bountiesForSkillPath}
                anchor={skillPayAnchor}
                target={target}
              />
            </div>
            <div>
              <h3>By area</h3>
              <FiguresTable caption="Area" rows={data.areas} link={bountiesInAreaPath} />
            </div>
          </Tables>
        </>
      )}
    </Panel>
  );
}
