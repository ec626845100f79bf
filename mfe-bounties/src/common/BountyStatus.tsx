import styled from 'styled-components';
import { useHydrated } from '@side-quest/design';
import { useMinuteClock } from '@side-quest/data';
import { STATUS_LABEL, closingTime, statusAt, timeLeftLabel } from '@side-quest/data/bounty-query';

const Row = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Badge = styled.span<{ $open: boolean }>`
  padding: 0.1rem 0.5rem;
  border-radius: ${({ theme }) => theme.radius.small};
  border: 1px solid ${({ $open, theme }) => ($open ? theme.color.accent : theme.color.border)};
  color: ${({ $open, theme }) => ($open ? theme.color.accent : theme.color.textMuted)};
  font-family: ${({ theme }) => theme.font.mono};
  font-weight: 700;
  font-size: 0.75rem;
  letter-spacing: 0.04em;
`;

const serverFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'UTC',
});

let localFormat: Intl.DateTimeFormat | undefined;

/**
 * The closing moment written out in full: in the visitor's own locale and time zone once the page
 * runs in their browser; in UTC in the server's HTML and the hydrating render, which must match it.
 */
export function closingMomentText(closesAt: number, local: boolean): string {
  if (!local) return `${serverFormat.format(closesAt)} UTC`;
  // Made once: building an Intl formatter costs far more than using one, and every card asks.
  localFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });
  return localFormat.format(closesAt);
}

/**
 * OPEN or CLOSED, and the time left beside it, kept current while the page is open. Where the deadline
 * line above already reads 'No deadline' (a card of a bounty without one) the label is not repeated.
 */
export function BountyStatus({
  deadline,
  repeatsNoDeadline = true,
}: {
  deadline: string;
  repeatsNoDeadline?: boolean;
}) {
  const now = useMinuteClock();
  const local = useHydrated();
  const closesAt = closingTime(deadline);
  const status = statusAt(closesAt, now);
  const label = timeLeftLabel(closesAt, now);
  return (
    <Row data-testid="bounty-status">
      <Badge $open={status === 'open'}>{STATUS_LABEL[status]}</Badge>
      {closesAt === null ? (
        (repeatsNoDeadline || deadline.trim() !== '') && <span>{label}</span>
      ) : (
        <time dateTime={new Date(closesAt).toISOString()} title={closingMomentText(closesAt, local)}>
          {label}
        </time>
      )}
    </Row>
  );
}
