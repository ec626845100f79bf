import { Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { media, theme } from '../theme';
import { onDemand } from '../lazy/onDemand';
import { getToasts, subscribeToasts, type ToastItem } from './toastStore';

const Region = styled.section`
  position: fixed;
  z-index: 100;
  right: 0;
  bottom: 0;
  width: 100%;
  padding: 1rem;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  pointer-events: none;
  ${media.medium} {
    max-width: 420px;
  }
  &:focus-visible {
    outline: 3px solid ${theme.color.focus};
  }
`;

/**
 * A notification's box, in a chunk of its own (about 0.8 KB gzip no page needs until its first toast):
 * loaded by the first toast, which shows once it is in. The live region itself is always on the page,
 * so a screen reader announces what enters it.
 */
const toastCode = onDemand(() => import(/* webpackChunkName: "toast" */ './Toast'));
export const preloadToast = toastCode.preload;

function LazyToast({ item }: { item: ToastItem }) {
  const { Toast } = toastCode.useModule();
  return <Toast item={item} />;
}

/** Where toasts appear. F8 moves focus here so keyboard users can reach a notification. */
export function ToastViewport() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Region ref={regionRef} tabIndex={-1} aria-label="Notifications (F8)" aria-live="polite">
      {items
        .filter((item) => item.open)
        .map((item) => (
          <Suspense key={item.id} fallback={null}>
            <LazyToast item={item} />
          </Suspense>
        ))}
    </Region>
  );
}
