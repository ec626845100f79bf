import styled from 'styled-components';
import { MutedText, theme } from '@side-quest/design';
import { useRewardSuggestion } from '@side-quest/data/trust';
import { rewardSuggestionText } from './rewardSuggestionText';

const Box = styled.div`
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.medium};
  padding: ${theme.space(3)};
  h3 {
    font-size: 0.95rem;
    margin: 0 0 ${theme.space(2)};
  }
  dl {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space(2)} ${theme.space(5)};
    margin: 0 0 ${theme.space(2)};
  }
  dt {
    font-family: ${theme.font.mono};
    font-size: 0.75rem;
    color: ${theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-size: 1.1rem;
  }
  p {
    margin: 0;
  }
`;

/**
 * The reward suggested for the area and skills chosen (issue 33): what comparable bounties awarded, from
 * GET /api/v1/reward-suggestion, so the form shows the API's own figures.
 */
export function RewardSuggestion({ domain, skills }: { domain: string; skills: string[] }) {
  const { data, isError } = useRewardSuggestion(domain, skills);
  const text = data ? rewardSuggestionText(data) : null;
  return (
    <Box data-testid="reward-suggestion" aria-live="polite">
      <h3>Suggested reward</h3>
      {text ? (
        <>
          {text.figures && (
            <dl>
              {text.figures.map((figure) => (
                <div key={figure.label}>
                  <dt>{figure.label}</dt>
                  <dd>{figure.value}</dd>
                </div>
              ))}
            </dl>
          )}
          <MutedText>{text.note}</MutedText>
        </>
      ) : (
        <MutedText>
          {isError
            ? 'The suggestion cannot be read right now.'
            : 'What comparable bounties (same area, a shared skill) were awarded shows here once the page has loaded.'}
        </MutedText>
      )}
    </Box>
  );
}
