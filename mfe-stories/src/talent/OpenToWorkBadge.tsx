import styled from 'styled-components';
import { theme } from '@side-quest/design';
import { useRenderTime } from '@side-quest/data';
import {
  availableFromText,
  openToWorkBadge,
  workKindsText,
  workPlacesText,
  type OpenToWork,
} from '@side-quest/data/hiring';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(2)};
  margin: 0;
  p {
    margin: 0;
    color: ${theme.color.textMuted};
    overflow-wrap: anywhere;
  }
`;

const Badge = styled.strong<{ $restricted: boolean }>`
  display: inline-block;
  padding: 0.2rem 0.65rem;
  border-radius: 999px;
  border: 2px solid ${theme.color.accent};
  background: ${({ $restricted }) => ($restricted ? 'transparent' : theme.color.accentMuted)};
  color: ${theme.color.accent};
  font-family: ${theme.font.mono};
  font-size: 0.85rem;
`;

/**
 * "Open to work": the badge names its audience (a restricted one says verified sponsors see it), then
 * the kinds, the places and when they can start.
 */
export function OpenToWorkBadge({ openToWork }: { openToWork: OpenToWork }) {
  const now = useRenderTime();
  return (
    <Box data-testid="open-to-work">
      <Badge $restricted={openToWork.audience !== 'everyone'}>{openToWorkBadge(openToWork.audience)}</Badge>
      <p>
        {workKindsText(openToWork.kinds)} · {workPlacesText(openToWork)} · available{' '}
        {availableFromText(openToWork.availableFrom, now)}
      </p>
    </Box>
  );
}
