import { useRef, useState } from 'react';
import { Link, NavLink } from '@side-quest/design';
import styled from 'styled-components';
import { Button, media } from '@side-quest/design';
import { preloadSection } from '../federation/sections';
import { useDialogs } from '../dialogs/DialogsProvider';
import { HEADER_NAV, type NavItem } from './navigation';
import { MobileMenu } from './MobileMenu';

export const BRAND_TEXT = 'SIDE_QUEST';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgba(11, 13, 18, 0.94);
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0.6rem 1rem;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
`;

const Brand = styled(Link)`
  font-family: ${({ theme }) => theme.font.mono};
  font-weight: 800;
  font-size: 1.2rem;
  color: ${({ theme }) => theme.color.accent};
  text-decoration: none;
  padding: 0.5rem 0;
`;

const DesktopNav = styled.nav`
  display: none;
  ${media.medium} {
    display: flex;
    align-items: center;
    gap: 0.25rem;
  }
`;

export const NavItemLink = styled(NavLink)`
  color: ${({ theme }) => theme.color.textMuted};
  text-decoration: none;
  padding: 0.6rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.medium};
  font-weight: 600;
  &:hover {
    color: ${({ theme }) => theme.color.text};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.accent};
    background: ${({ theme }) => theme.color.accentMuted};
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

/** Starts loading a nav link's section when the pointer or keyboard focus reaches it. */
export function preloadHandlers(item: NavItem) {
  if (!item.section) return {};
  const { remote, module } = item.section;
  const preload = () => preloadSection(remote, module);
  return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { openDialog } = useDialogs();
  // Focus goes back to the menu button when the overlay closes, so keyboard users are not dropped
  // at the top of the page; the Log In dialog then returns focus there too.
  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  return (
    <Bar>
      <Inner>
        <Brand to="/">{BRAND_TEXT}</Brand>
        <DesktopNav aria-label="Main">
          {HEADER_NAV.map((item) => (
            <NavItemLink key={item.to} to={item.to} {...preloadHandlers(item)}>
              {item.label}
            </NavItemLink>
          ))}
        </DesktopNav>
        <DesktopOnly>
          <Button $variant="secondary" onClick={() => openDialog('login')}>
            Log In
          </Button>
        </DesktopOnly>
        <MenuButton
          ref={menuButton}
          $variant="ghost"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          ☰
        </MenuButton>
      </Inner>
      {menuOpen && (
        <MobileMenu
          onClose={closeMenu}
          onLogIn={() => {
            closeMenu();
            openDialog('login');
          }}
        />
      )}
    </Bar>
  );
}
