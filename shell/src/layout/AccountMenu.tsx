import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Link, useLocation, theme } from '@side-quest/design';
import { viewerLabel, type Viewer } from '@side-quest/data/account';
import { SignOutButton } from '../sign-in/SignOutButton';
import { ACCOUNT_LINKS } from './accountLinks';

const Menu = styled.details`
  position: relative;
  summary {
    list-style: none;
    cursor: pointer;
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    min-height: 44px;
    padding: 0.6rem 0.9rem;
    border: 2px solid ${theme.color.border};
    border-radius: ${theme.radius.medium};
    font-family: ${theme.font.mono};
    font-weight: 700;
    max-width: 14rem;
  }
  summary::-webkit-details-marker {
    display: none;
  }
  summary span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Items = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 0.4rem);
  min-width: 14rem;
  margin: 0;
  padding: ${theme.space(2)};
  list-style: none;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.45);
  z-index: 60;
  a {
    display: block;
    padding: 0.7rem 0.75rem;
    color: ${theme.color.text};
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    background: ${theme.color.background};
  }
  li:last-child {
    border-top: 1px solid ${theme.color.border};
    margin-top: ${theme.space(2)};
    padding-top: ${theme.space(2)};
  }
`;

/**
 * The header's account entry once someone is signed in: their name, opening a menu of their pages and
 * Sign out. A native disclosure (<details>), so it opens before and without JavaScript; it closes when
 * the page changes (not when the page it was opened on hydrates).
 */
export function AccountMenu({ viewer }: { viewer: Viewer }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname, hash } = useLocation();
  const shownAt = useRef(`${pathname}${hash}`);
  useEffect(() => {
    // Only when the page changes: a menu opened before hydration stays open once the page hydrates.
    const location = `${pathname}${hash}`;
    if (location === shownAt.current) return;
    shownAt.current = location;
    if (menu.current) menu.current.open = false;
  }, [pathname, hash]);

  return (
    <Menu ref={menu}>
      <summary aria-label={`Account menu for ${viewerLabel(viewer)}`}>
        <span>{viewerLabel(viewer)}</span>
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" fill="currentColor">
          <path d="M2 4l4 4 4-4z" />
        </svg>
      </summary>
      <Items>
        {ACCOUNT_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
        <li>
          <SignOutButton />
        </li>
      </Items>
    </Menu>
  );
}
