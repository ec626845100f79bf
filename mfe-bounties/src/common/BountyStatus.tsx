import { useState } from 'react';
import styled from 'styled-components';
import { formatUtcDateTime, useMinuteClock } from '@side-quest/data';
import { STATUS_LABEL, closingTime, statusAt, timeLeftLabel } from '@side-quest/data/bounty-query';
import { theme } from '@side-quest/design';

const Row = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(2)};
  font-size: 0.85rem;
  color: ${theme.color.textMuted};
`;

const Badge = styled.span<{ $open: boolean }>`
  padding: 0.1rem 0.5rem;
  border-radius: ${theme.radius.small};
  border: 1px solid ${({ $open }) => ($open ? theme.color.accent : theme.color.border)};
  color: ${({ $open }) => ($open ? theme.color.accent : theme.color.textMuted)};
  font-family: ${theme.font.mono};
  font-weight: 700;
  font-size: 0.75rem;
  letter-spacing: 0.04em;
`;

let localFormat: Intl.DateTimeFormat | undefined;

/**
 * The closing moment written out in full: in UTC in the server's HTML and until the visitor points at
 * it, then in their own locale and time zone (the tooltip shows only on pointing). Not at hydration:
 * the visitor's Intl formatter costs ~25 ms of main thread, a long task on a phone for a tooltip.
 */
export function closingMomentText(closesAt: number, local: boolean): string {
  if (!local) return `${formatUtcDateTime(closesAt)} UTC`;
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
  const [local, setLocal] = useState(false);
  const closesAt = closingTime(deadline);
  const status = statusAt(closesAt, now);
  const label = timeLeftLabel(closesAt, now);
  return (
    <Row data-testid="bounty-status">
      <Badge $open={status === 'open'}>{STATUS_LABEL[status]}</Badge>
      {closesAt === null ? (
        (repeatsNoDeadline || deadline.trim() !== '') && <span>{label}</span>
      ) : (
        <time
          dateTime={new Date(closesAt).toISOString()}
          title={closingMomentText(closesAt, local)}
          onPointerEnter={() => setLocal(true)}
        >
          {label}
        </time>
      )}
    </Row>
  );
}
