import styled from 'styled-components';
import { NavLink, theme } from '@side-quest/design';
import { preloadSection } from '../federation/sections';
import { HEADER_NAV, type NavItem } from './navigation';

const NavItemLink = styled(NavLink)`
  color: ${theme.color.textMuted};
  text-decoration: none;
  padding: 0.6rem 0.75rem;
  border-radius: ${theme.radius.medium};
  font-weight: 600;
  &:hover {
    color: ${theme.color.text};
  }
  &[aria-current='page'] {
    color: ${theme.color.accent};
    background: ${theme.color.accentMuted};
  }
`;

/** Starts loading a nav link's section when the pointer or keyboard focus reaches it. */
function preloadHandlers(item: NavItem) {
  if (!item.section) return {};
  const { remote, module } = item.section;
  const preload = () => preloadSection(remote, module);
  return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
}

/**
 * The header's links, shared by the desktop bar and the mobile menu (each wraps them in its own <nav>);
 * `onNavigate` runs when one is chosen.
 */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return HEADER_NAV.map((item) => (
    <NavItemLink key={item.to} to={item.to} onClick={onNavigate} {...preloadHandlers(item)}>
      {item.label}
    </NavItemLink>
  ));
}
