import { Suspense, useCallback, useState } from 'react';
import styled from 'styled-components';
import { Button, media, useLocation, useNavigate, theme } from '@side-quest/design';
import { useDialogs } from '../dialogs/DialogsProvider';
import { DialogOpener } from '../dialogs/DialogOpener';
import { pageSearch } from '../dialogs/dialogUrl';
import { SamePageForm } from '../dialogs/SamePageForm';
import { BRAND_TEXT, BrandLink } from './Brand';
import { MENU_OPEN, MENU_PARAM, menuOpenInSearch } from './menuUrl';
import { LazyMobileMenu, preloadMobileMenu } from './lazyMobileMenu';
import { NavLinks } from './NavLinks';
import { SavedLink } from './SavedLink';
import { AccountMenu } from './AccountMenu';
import { useViewer } from '@side-quest/data/account';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgba(11, 13, 18, 0.94);
  border-bottom: 1px solid ${theme.color.border};
`;

// The full-screen menu's top bar has the same padding, so its close button sits where the menu button is.
const Inner = styled.div`
  max-width: ${theme.layout.maxWidth};
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

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
`;

const MenuButton = styled(Button)`
  ${media.medium} {
    display: none;
  }
`;

/**
 * Three bars drawn, not the ☰ character: the button's monospace fonts lack that glyph, so the browser
 * looked through the installed fonts for one before laying out the first frame (~10 ms more in
 * headless Chromium here, measured on a page with just that button).
 */
/** The menu's code loads as the pointer or focus reaches its button. */
const preloadMenu = () => void preloadMobileMenu().catch(() => undefined);

function MenuIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
      <rect x="2" y="4" width="16" height="2.2" rx="1" />
      <rect x="2" y="9" width="16" height="2.2" rx="1" />
      <rect x="2" y="14" width="16" height="2.2" rx="1" />
    </svg>
  );
}

export function Header() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // `?menu=open` (the menu button without JavaScript) renders the menu open, on the server too.
  const [menuOpen, setMenuOpen] = useState(() => menuOpenInSearch(search));
  // Rendered from its first opening on (closed, it renders nothing, and its code is not loaded).
  const [menuMounted, setMenuMounted] = useState(menuOpen);
  const { openDialog } = useDialogs();
  // Known from the server's render (null when signed out); until then (a page the browser renders
  // alone) the header shows Log In, as it does for everyone signed out.
  const viewer = useViewer() ?? null;
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    // A menu the URL opened takes its parameter with it, so reloading the page does not open it again.
    if (menuOpenInSearch(search)) {
      navigate({ pathname, search: pageSearch(search) }, { replace: true, preventScrollReset: true });
    }
  }, [pathname, search, navigate]);

  return (
    <Bar>
      <Inner>
        <BrandLink to="/">{BRAND_TEXT}</BrandLink>
        <DesktopNav aria-label="Main">
          <NavLinks />
        </DesktopNav>
        <Actions>
          <SavedLink />
          <DesktopOnly>
            {viewer ? (
              <AccountMenu viewer={viewer} />
            ) : (
              <DialogOpener dialog="login">
                {(opener) => (
                  <Button $variant="secondary" {...opener}>
                    Log In
                  </Button>
                )}
              </DialogOpener>
            )}
          </DesktopOnly>
          {/* Without JavaScript the button submits its form, reloading the page with `?menu=open`. */}
          <SamePageForm>
            <MenuButton
              $variant="ghost"
              type="submit"
              name={MENU_PARAM}
              value={MENU_OPEN}
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onPointerEnter={preloadMenu}
              onPointerDown={preloadMenu}
              onFocus={preloadMenu}
              onClick={(event) => {
                event.preventDefault();
                // The menu gives focus back to whatever had it when it opened (and so does the Log In
                // dialog opened from it); Safari does not focus a clicked button by itself.
                event.currentTarget.focus();
                setMenuMounted(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </MenuButton>
          </SamePageForm>
        </Actions>
      </Inner>
      {menuMounted && (
        <Suspense fallback={null}>
          <LazyMobileMenu
            viewer={viewer}
            open={menuOpen}
            onClose={closeMenu}
            onLogIn={() => {
              closeMenu();
              openDialog('login');
            }}
          />
        </Suspense>
      )}
    </Bar>
  );
}
