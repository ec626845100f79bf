import styled from 'styled-components';
import { Tag } from '@side-quest/design';
import {
  overdueLabel,
  overdueOf,
  stageLabel,
  stageOf,
  type HostedSummary,
  type Stage,
} from '@side-quest/data/lifecycle';

const Danger = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-weight: 700;
`;

/** The stage, and the clock when it ran out, in the danger colour (card and detail page alike). */
export function HostedStage({ hosted, stage, now }: { hosted: HostedSummary; stage: Stage; now: number }) {
  const overdue = overdueOf({ ...hosted, winners: hosted.winners }, now);
  return (
    <>
      <Tag data-testid="hosted-stage">{stageLabel(stage)}</Tag>
      {overdue && <Danger data-testid="overdue">{overdueLabel(overdue)}</Danger>}
    </>
  );
}

/** A card's line for a hosted bounty: its stage, and the overdue clock when there is one. */
export function CardStage({ hosted }: { hosted: HostedSummary }) {
  const now = Date.now();
  const stage = stageOf({ ...hosted, winners: hosted.winners }, now);
  return stage ? <HostedStage hosted={hosted} stage={stage} now={now} /> : null;
}
