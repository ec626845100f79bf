import styled from 'styled-components';
import { Link, useLocation, theme } from '@side-quest/design';
import { SITE_ROUTES, useSavedBounties } from '@side-quest/data';

/** Where the saved bounties are listed: the bounty list with its saved filter on. */
export const SAVED_BOUNTIES_PATH = `${SITE_ROUTES.bounties}?saved=1`;

const SavedAnchor = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  min-height: 44px;
  padding: 0 0.6rem;
  border-radius: ${theme.radius.medium};
  color: ${theme.color.textMuted};
  font-weight: 600;
  text-decoration: none;
  &:hover,
  &[aria-current='page'] {
    color: ${theme.color.text};
  }
`;

const Count = styled.span`
  min-width: 1.4rem;
  padding: 0 0.35rem;
  border-radius: 999px;
  background: ${theme.color.accentMuted};
  color: ${theme.color.accent};
  font-family: ${theme.font.mono};
  font-size: 0.8rem;
  text-align: center;
`;

/**
 * 'Saved' and how many bounties the visitor saved. It reads the saved-bounties store of
 * @side-quest/data, which the bounties section writes to: the count follows every Save at once, with
 * neither side importing the other.
 */
export function SavedLink() {
  const { savedIds } = useSavedBounties();
  const { pathname, search } = useLocation();
  const current = pathname === SITE_ROUTES.bounties && new URLSearchParams(search).get('saved') === '1';
  return (
    <SavedAnchor
      to={SAVED_BOUNTIES_PATH}
      aria-current={current ? 'page' : undefined}
      data-testid="saved-link"
    >
      Saved <Count>{savedIds.size}</Count>
    </SavedAnchor>
  );
}
