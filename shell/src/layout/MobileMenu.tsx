import styled from 'styled-components';
import { Button, Dialog, Link } from '@side-quest/design';
import { viewerLabel, type Viewer } from '@side-quest/data/account';
import { SignOutButton } from '../sign-in/SignOutButton';
import { ACCOUNT_LINKS } from './accountLinks';
import { DialogOpener } from '../dialogs/DialogOpener';
import { BRAND_TEXT, BrandMark } from './Brand';
import { NavLinks } from './NavLinks';

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
 * Full-screen menu for small screens: the header links, Log In and a close button, on the shared modal
 * Dialog (Escape closes it, Tab stays inside it, focus returns to the menu button). Without JavaScript
 * (opened by `?menu=open`) the links are plain links, the close button closes it natively and Log In
 * reloads the page with the Log In dialog open instead.
 */
export function MobileMenu({
  viewer = null,
  open,
  onClose,
  onLogIn,
}: {
  /** Signed in: the person's own pages and Sign out take Log In's place. */
  viewer?: Viewer | null;
  open: boolean;
  onClose: () => void;
  onLogIn: () => void;
}) {
  return (
    <Dialog
      id="mobile-menu"
      open={open}
      onClose={onClose}
      title="Menu"
      closeLabel="Close menu"
      fullScreen
      decoration={<BrandMark>{BRAND_TEXT}</BrandMark>}
    >
      <Links aria-label="Mobile">
        <NavLinks onNavigate={onClose} />
      </Links>
      {viewer ? (
        <Links aria-label={`Account: ${viewerLabel(viewer)}`}>
          {ACCOUNT_LINKS.map((link) => (
            <Link key={link.to} to={link.to} onClick={onClose}>
              {link.label}
            </Link>
          ))}
          <SignOutButton variant="secondary" />
        </Links>
      ) : (
        <DialogOpener dialog="login">
          {(opener) => (
            <Button
              {...opener}
              onClick={(event) => {
                event.preventDefault();
                onLogIn();
              }}
            >
              Log In
            </Button>
          )}
        </DialogOpener>
      )}
    </Dialog>
  );
}
