import { useEffect, useRef, useState, type PointerEvent } from 'react';
import styled from 'styled-components';
import { TOAST_AUTO_CLOSE_MS, dismissToast, type ToastItem } from './toastStore';
import { theme } from '../theme';

export const SWIPE_DISMISS_THRESHOLD_PX = 50;

const ToastBox = styled.div<{ $variant: ToastItem['variant'] }>`
  pointer-events: auto;
  position: relative;
  display: flex;
  gap: 0.75rem;
  align-items: flex-start;
  justify-content: space-between;
  padding: 1rem;
  border-radius: ${theme.radius.medium};
  background: ${theme.color.surfaceRaised};
  border: 1px solid
    ${({ theme, $variant }) =>
      $variant === 'error'
        ? theme.color.danger
        : $variant === 'success'
          ? theme.color.accent
          : theme.color.border};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.45);
  touch-action: pan-y;
  /* A drag that selects text would start a native drag on the next swipe and cancel the pointer. */
  user-select: none;
  strong {
    display: block;
  }
  p {
    margin: 0.25rem 0 0;
    color: ${theme.color.textMuted};
  }
`;

const CloseButton = styled.button`
  min-width: 32px;
  min-height: 32px;
  background: transparent;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  cursor: pointer;
`;

/**
 * Closes a toast TOAST_AUTO_CLOSE_MS after it appears, not counting the time it is paused (hovered or
 * focused), so nobody loses a message while reading it or reaching its close button (WCAG 2.2.1).
 */
function useAutoClose(id: string, paused: boolean) {
  const remaining = useRef(TOAST_AUTO_CLOSE_MS);
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [id, paused]);
}

/** One notification: closes itself, pauses while read, and a swipe to the right dismisses it. */
export function Toast({ item }: { item: ToastItem }) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useAutoClose(item.id, hovered || focused);

  const onPointerDown = (event: PointerEvent) => {
    startX.current = event.clientX;
    // Keep receiving the move and up events when the finger leaves the box mid-swipe.
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (startX.current === null) return;
    setOffset(Math.max(0, event.clientX - startX.current));
  };
  const onPointerUp = (event: PointerEvent) => {
    if (startX.current === null) return;
    const distance = event.clientX - startX.current;
    startX.current = null;
    setOffset(0);
    if (distance > SWIPE_DISMISS_THRESHOLD_PX) dismissToast(item.id);
  };

  return (
    <ToastBox
      role={item.variant === 'error' ? 'alert' : 'status'}
      $variant={item.variant}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        startX.current = null;
        setOffset(0);
      }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      data-testid="toast"
    >
      <div>
        <strong>{item.title}</strong>
        {item.description && <p>{item.description}</p>}
      </div>
      <CloseButton type="button" aria-label="Dismiss notification" onClick={() => dismissToast(item.id)}>
        ×
      </CloseButton>
    </ToastBox>
  );
}
