import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import styled, { css } from 'styled-components';
import { Button } from '../primitives';
import { useHydrated } from '../useHydrated';
import { theme } from '../theme';

const StyledDialog = styled.dialog<{ $fullScreen: boolean }>`
  width: min(560px, calc(100vw - 2rem));
  max-height: 90vh;
  overflow: auto;
  padding: ${theme.space(6)};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  &::backdrop {
    background: rgba(0, 0, 0, 0.7);
  }
  /* Opened by the server's HTML (no JavaScript yet), a dialog is not modal and would sit at the end of
     the page: place and shade it as a modal one. */
  &[open]:not(:modal) {
    position: fixed;
    inset: 0;
    margin: auto;
    z-index: 100;
    box-shadow: 0 0 0 100vmax rgba(0, 0, 0, 0.7);
  }
  ${({ $fullScreen }) =>
    $fullScreen &&
    css`
      width: 100%;
      height: 100%;
      max-width: none;
      max-height: none;
      margin: 0;
      /* The same padding as the site header's bar, so the close button sits where its opener was. */
      padding: 0.6rem 1rem 1rem;
      border: 0;
      border-radius: 0;
      background: ${theme.color.background};
      /* Only when open: display on a closed <dialog> would override the browser's display: none. */
      &[open] {
        display: flex;
        flex-direction: column;
        gap: 1rem;
      }
    `}
`;

const Header = styled.div<{ $fullScreen: boolean }>`
  display: flex;
  justify-content: space-between;
  align-items: ${({ $fullScreen }) => ($fullScreen ? 'center' : 'flex-start')};
  gap: 1rem;
  h2 {
    font-size: 1.35rem;
    margin: 0;
  }
`;

const CloseButton = styled.button`
  min-width: 44px;
  min-height: 44px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  background: transparent;
  cursor: pointer;
  font-size: 1.2rem;
`;

const CloseForm = styled.form`
  display: contents;
`;

/** Whether the dialog is shown modally; false where the browser cannot tell (old engines, jsdom). */
function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return false;
  }
}

const Subtitle = styled.p`
  color: ${theme.color.textMuted};
  margin: 0.5rem 0 1.25rem;
`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Tab from the last control wraps to the first (and Shift+Tab back), instead of leaving the page. */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0 || element === document.activeElement,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle?: string;
  /** Covers the whole viewport instead of a centred box, e.g. a menu on small screens. */
  fullScreen?: boolean;
  /**
   * Decorative content (such as the brand) shown in the top bar in place of the title; the title is
   * then visually hidden but still names the dialog.
   */
  decoration?: ReactNode;
  /** The close button's accessible name, when plain "Close" would not say what closes. */
  closeLabel?: string;
  /** For an opener's aria-controls. */
  id?: string;
  children: ReactNode;
}

/**
 * Modal dialog on the native <dialog> element: showModal() makes the rest of the page inert and Tab
 * wraps inside it (the focus trap), Escape raises `cancel`, and the title labels the dialog. Max height is 90% of the viewport.
 * `fullScreen` covers the viewport instead, and the page behind it does not scroll while it is open.
 */
export function Dialog({
  open,
  onClose,
  title,
  subtitle,
  fullScreen = false,
  decoration,
  closeLabel = 'Close',
  id,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const subtitleId = useId();
  /** True while this component wants the dialog open; a native close then means the user closed it. */
  const shouldBeOpen = useRef(false);
  // A dialog open in the server's HTML carries the open attribute, so it shows without JavaScript. The
  // value is fixed at the first render: React never touches the attribute afterwards, showModal() and
  // close() own it.
  const hydrated = useHydrated();
  const [openInHtml] = useState(() => open && !hydrated);
  /** Set while the server's non-modal dialog is closed to be reopened as a modal. */
  const reopening = useRef(false);
  /** Set when the visitor closed the server's dialog before the page hydrated. */
  const closedBeforeHydration = useRef(false);

  // The server's dialog closed by its method="dialog" form before the page hydrated: that close was
  // the visitor's, so the component hears of it now and the dialog is not opened again.
  useEffect(() => {
    if (openInHtml && ref.current && !ref.current.open) {
      closedBeforeHydration.current = true;
      onClose();
    }
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!open) closedBeforeHydration.current = false;
    if (!dialog || !open || closedBeforeHydration.current) return;
    // Whatever opened the dialog gets focus back when it closes (a menu item may be gone by then).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    shouldBeOpen.current = true;
    // Open from the server's HTML, it is not modal yet: reopen it as a modal (inert page, Escape).
    if (dialog.open && !isModal(dialog)) {
      reopening.current = true;
      dialog.close();
    }
    if (!dialog.open) dialog.showModal();
    // Nothing of the page shows behind a full-screen dialog, so a swipe must not scroll it unseen.
    const previousOverflow = document.body.style.overflow;
    if (fullScreen) document.body.style.overflow = 'hidden';
    return () => {
      shouldBeOpen.current = false;
      if (fullScreen) document.body.style.overflow = previousOverflow;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, fullScreen]);

  const closeClick = (event: MouseEvent) => {
    event.preventDefault();
    onClose();
  };

  return (
    <StyledDialog
      ref={ref}
      id={id}
      open={openInHtml || undefined}
      $fullScreen={fullScreen}
      aria-labelledby={titleId}
      aria-describedby={subtitle ? subtitleId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={wrapTab}
      onClose={() => {
        // The close that turned the server's dialog into a modal one is not the visitor's.
        if (reopening.current) {
          reopening.current = false;
          return;
        }
        // The browser may close a modal itself (a repeated Escape skips the cancel event).
        if (shouldBeOpen.current) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself, outside its box; a click on
        // the dialog's own padding also targets it, but inside the box.
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside || (box.width === 0 && box.height === 0)) onClose();
      }}
    >
      {open && (
        <>
          <Header $fullScreen={fullScreen}>
            <h2 id={titleId} className={decoration ? 'visually-hidden' : undefined}>
              {title}
            </h2>
            {decoration && <div aria-hidden="true">{decoration}</div>}
            {/* Without JavaScript a method="dialog" form closes the dialog; with it, the click does. */}
            <CloseForm method="dialog">
              {fullScreen ? (
                // The site's own button style, so it matches the control that opened the dialog.
                <Button type="submit" $variant="ghost" aria-label={closeLabel} onClick={closeClick}>
                  ✕
                </Button>
              ) : (
                <CloseButton type="submit" aria-label={closeLabel} onClick={closeClick}>
                  ×
                </CloseButton>
              )}
            </CloseForm>
          </Header>
          {subtitle && <Subtitle id={subtitleId}>{subtitle}</Subtitle>}
          {children}
        </>
      )}
    </StyledDialog>
  );
}
