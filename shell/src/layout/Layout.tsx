import { Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { Header } from './Header';
import { Footer } from './Footer';
import type { ReleaseOverride } from '@side-quest/data';
import { LazyReleaseBanner } from '../releases/lazyReleaseBanner';
import { useRouteChangeFocus } from './useRouteChangeFocus';
import { theme } from '@side-quest/design';

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Main = styled.main`
  flex: 1;
  width: 100%;
  /* Sections arrive after the layout (remote code, then data): keeping the footer below the fold until
     then means nothing on screen moves when they do (Lighthouse measured CLS 0.6 without it). */
  min-height: 100vh;
  &:focus {
    outline: none;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: -999px;
  top: 0.5rem;
  z-index: 200;
  padding: 0.5rem 1rem;
  background: ${theme.color.accent};
  color: ${theme.color.accentText};
  &:focus {
    left: 0.5rem;
  }
`;

export function Layout({
  children,
  releaseOverrides = [],
}: {
  children: ReactNode;
  /** Sections this browser runs on a tester's chosen release: a banner says so on every page. */
  releaseOverrides?: readonly ReleaseOverride[];
}) {
  const mainRef = useRouteChangeFocus();
  return (
    <Shell>
      <SkipLink href="#main-content">Skip to content</SkipLink>
      {releaseOverrides.length > 0 && (
        <Suspense fallback={null}>
          <LazyReleaseBanner overrides={releaseOverrides} />
        </Suspense>
      )}
      <Header />
      <Main id="main-content" ref={mainRef} tabIndex={-1}>
        {children}
      </Main>
      <Footer />
    </Shell>
  );
}
