import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@side-quest/design';
import { HEADER_NAV } from './navigation';
import { NavItemLink, preloadHandlers } from './Header';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 90;
  background: ${({ theme }) => theme.color.background};
  display: flex;
  flex-direction: column;
  padding: 0.6rem 1rem 1rem;
  gap: 1rem;
  overflow-y: auto;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
`;

const Brand = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  font-weight: 800;
  font-size: 1.2rem;
  color: ${({ theme }) => theme.color.accent};
`;

const Links = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  a {
    font-size: 1.35rem;
    padding: 0.9rem 0.75rem;
  }
`;

/**
 * Full-screen menu for small screens: the header links, Log In and a close button. Escape closes it and
 * Tab stays inside it while it is open.
 */
export function MobileMenu({ onClose, onLogIn }: { onClose: () => void; onLogIn: () => void }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const overlay = ref.current;
    overlay?.querySelector<HTMLElement>('button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !overlay) return;
      const focusable = overlay.querySelectorAll<HTMLElement>('a, button');
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, [onClose]);

  return (
    <Overlay ref={ref} id="mobile-menu" role="dialog" aria-modal="true" aria-label="Menu">
      <Top>
        <Brand aria-hidden="true">SIDE_QUEST</Brand>
        <Button $variant="ghost" aria-label="Close menu" onClick={onClose}>
          ✕
        </Button>
      </Top>
      <Links aria-label="Mobile">
        {HEADER_NAV.map((item) => (
          <NavItemLink key={item.to} to={item.to} onClick={onClose} {...preloadHandlers(item)}>
            {item.label}
          </NavItemLink>
        ))}
      </Links>
      <Button onClick={onLogIn}>Log In</Button>
    </Overlay>
  );
}
