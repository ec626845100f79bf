import styled from 'styled-components';
import { Tag, theme } from '@side-quest/design';
import {
  overdueLabel,
  overdueOf,
  stageLabel,
  stageOf,
  type HostedSummary,
  type Stage,
} from '@side-quest/data/lifecycle';

/** The stage's line: the tag at its own width, the clock beside it (below on a narrow card). */
const StageLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(2)};
  margin: ${theme.space(2)} 0;
`;

const Danger = styled.p`
  margin: 0;
  color: ${theme.color.danger};
  font-weight: 700;
`;

/** A hosted bounty's stage, and the clock when it ran out, in the danger colour (card and detail page alike). */
export function HostedStage({ hosted, stage, now }: { hosted: HostedSummary; stage: Stage; now: number }) {
  const overdue = overdueOf({ ...hosted, winners: hosted.winners }, now);
  return (
    <StageLine>
      <Tag data-testid="hosted-stage">{stageLabel(stage)}</Tag>
      {overdue && <Danger data-testid="overdue">{overdueLabel(overdue)}</Danger>}
    </StageLine>
  );
}

/** A card's line for a hosted bounty: its stage, and the overdue clock when there is one. */
export function CardStage({ hosted }: { hosted: HostedSummary }) {
  const now = Date.now();
  const stage = stageOf({ ...hosted, winners: hosted.winners }, now);
  return stage ? <HostedStage hosted={hosted} stage={stage} now={now} /> : null;
}
