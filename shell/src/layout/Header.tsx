import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { Button, media } from '@side-quest/design';
import { useDialogs } from '../dialogs/DialogsProvider';
import { DialogOpener } from '../dialogs/DialogOpener';
import { BRAND_TEXT, BrandLink } from './Brand';
import { MobileMenu } from './MobileMenu';
import { NavLinks } from './NavLinks';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgba(11, 13, 18, 0.94);
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

// The full-screen menu's top bar has the same padding, so its close button sits where the menu button is.
const Inner = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0.6rem 1rem;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
`;

const DesktopNav = styled.nav`
  display: none;
  ${media.medium} {
    display: flex;
    align-items: center;
    gap: 0.25rem;
  }
`;

const DesktopOnly = styled.div`
  display: none;
  ${media.medium} {
    display: block;
  }
`;

const MenuButton = styled(Button)`
  ${media.medium} {
    display: none;
  }
`;

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { openDialog } = useDialogs();
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <Bar>
      <Inner>
        <BrandLink to="/">{BRAND_TEXT}</BrandLink>
        <DesktopNav aria-label="Main">
          <NavLinks />
        </DesktopNav>
        <DesktopOnly>
          <DialogOpener dialog="login">
            {(opener) => (
              <Button $variant="secondary" {...opener}>
                Log In
              </Button>
            )}
          </DialogOpener>
        </DesktopOnly>
        <MenuButton
          $variant="ghost"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={(event) => {
            // The menu gives focus back to whatever had it when it opened (and so does the Log In
            // dialog opened from it); Safari does not focus a clicked button by itself.
            event.currentTarget.focus();
            setMenuOpen(true);
          }}
        >
          ☰
        </MenuButton>
      </Inner>
      <MobileMenu
        open={menuOpen}
        onClose={closeMenu}
        onLogIn={() => {
          closeMenu();
          openDialog('login');
        }}
      />
    </Bar>
  );
}
