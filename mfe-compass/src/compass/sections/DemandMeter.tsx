import styled from 'styled-components';
import { theme } from '@side-quest/design';

const Track = styled.div`
  grid-column: 2 / -1;
  height: 0.5rem;
  border-radius: 999px;
  background: ${theme.color.surfaceRaised};
  overflow: hidden;
  margin-bottom: ${theme.space(2)};
`;

const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  background: linear-gradient(90deg, ${theme.color.accentMuted}, ${theme.color.accent});
`;

/**
 * A skill's demand score as a bar. Screen readers get it as a meter with its value (0–100) and the
 * skill's name; the visible percentage beside it is the same figure.
 */
export function DemandMeter({ skill, score }: { skill: string; score: number }) {
  return (
    <Track
      role="meter"
      aria-label={`${skill} demand`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={score}
      aria-valuetext={`${score}%`}
    >
      <Fill style={{ width: `${score}%` }} />
    </Track>
  );
}
