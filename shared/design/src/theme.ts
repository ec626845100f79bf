import 'styled-components';

/** Design tokens. Colours are chosen for WCAG AA contrast on the dark background. */
export const theme = {
  color: {
    background: '#0b0d12',
    surface: '#141821',
    surfaceRaised: '#1c2230',
    border: '#2c3446',
    text: '#f2f4f8',
    textMuted: '#a9b2c3',
    accent: '#7cf29c',
    accentText: '#06130a',
    accentMuted: '#1d3b27',
    danger: '#ff8a8a',
    focus: '#ffd166',
    skeleton: '#2a3140',
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    // Each name a platform lacks is a font lookup before the next is tried (in Chromium on Linux, a round
    // trip to the browser process): the stack names each platform's monospace once, in an order where
    // none waits behind another's (macOS: ui-monospace; Linux: Liberation Mono; Windows: Consolas).
    mono: "ui-monospace, 'Liberation Mono', Menlo, Consolas, monospace",
  },
  space: (steps: number): string => `${steps * 0.25}rem`,
  radius: { small: '4px', medium: '8px', large: '14px' },
  breakpoint: { medium: '768px', large: '1100px' },
  layout: { maxWidth: '1180px' },
} as const;

export type Theme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}

/** Media query helper: `${media.medium} { … }` applies from the medium breakpoint up. */
export const media = {
  medium: `@media (min-width: ${theme.breakpoint.medium})`,
  large: `@media (min-width: ${theme.breakpoint.large})`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;
