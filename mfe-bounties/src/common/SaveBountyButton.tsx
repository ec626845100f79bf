import styled from 'styled-components';
import { toast, theme } from '@side-quest/design';
import { replayable, useSavedBounties } from '@side-quest/data';

// The pressed look follows aria-pressed, so the rule is the same for every button and styled-components
// makes its class once rather than per saved state.
const Toggle = styled.button`
  min-width: 44px;
  min-height: 44px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.35rem;
  padding: 0 0.6rem;
  border-radius: ${theme.radius.medium};
  border: 1px solid ${theme.color.border};
  background: transparent;
  color: ${theme.color.text};
  font-family: ${theme.font.mono};
  font-size: 0.85rem;
  cursor: pointer;
  &[aria-pressed='true'] {
    border-color: ${theme.color.accent};
    background: ${theme.color.accentMuted};
    color: ${theme.color.accent};
  }
`;

/**
 * Save bounty: a toggle (aria-pressed) kept in the browser. It needs JavaScript (the list is kept in
 * this browser's storage), so the server's HTML shows it unpressed; a click before hydration is
 * replayed once the page has hydrated (`data-replay`), and without JavaScript it is not shown.
 */
export function SaveBountyButton({
  bountyId,
  describedBy,
  withText = false,
}: {
  bountyId: string;
  /** The bounty's title element, so a screen reader hears which bounty the button saves. */
  describedBy?: string;
  withText?: boolean;
}) {
  const { savedIds, toggle } = useSavedBounties();
  const saved = savedIds.has(bountyId);
  return (
    <Toggle
      type="button"
      aria-pressed={saved}
      aria-label="Save bounty"
      aria-describedby={describedBy}
      {...replayable(`save:${bountyId}`)}
      title={saved ? 'Saved: select to remove it from your saved bounties' : 'Save this bounty'}
      onClick={() => {
        if (!toggle(bountyId))
          toast({
            title: 'Not saved',
            description: 'This browser would not keep your saved bounties.',
            variant: 'error',
          });
      }}
    >
      <span aria-hidden="true">{saved ? '★' : '☆'}</span>
      {withText && <span aria-hidden="true">{saved ? 'Saved' : 'Save'}</span>}
    </Toggle>
  );
}
