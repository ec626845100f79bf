import {
  Component,
  Suspense,
  createContext,
  use,
  useContext,
  useEffect,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { Button, PageContainer, Skeleton, theme } from '@side-quest/design';
import { REMOTES, sectionId, type RemoteName } from '@side-quest/data';
import {
  loadSection,
  loadedSection,
  releaseSectionHydration,
  sectionHydrationGate,
  type SectionComponent,
} from './sections';

const Fallback = styled.div`
  padding: 2rem 1rem;
  text-align: center;
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.large};
  margin: 1rem 0;
  p {
    color: ${theme.color.textMuted};
  }
`;

function SectionFallback({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  const label = REMOTES.find((candidate) => candidate.name === remote)?.label ?? remote;
  return (
    <Fallback role="alert" data-testid={`section-fallback-${remote}`}>
      <h2>{label} is unavailable right now</h2>
      <p>This part of the site could not be loaded. The rest of Side Quest still works.</p>
      <Button onClick={onRetry}>TRY_AGAIN</Button>
    </Fallback>
  );
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

class SectionErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A section failed while rendering', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type LoadState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; Section: SectionComponent };

/**
 * On the server: the sections whose code the server loaded for this request, by federation id. Its
 * presence is what tells RemoteSection it is rendering on the server.
 */
export const ServerSectionsContext = createContext<ReadonlyMap<string, SectionComponent> | null>(null);

export interface RemoteSectionProps {
  remote: RemoteName;
  module: `./${string}`;
  /** Shown while the section's code loads; a page-sized placeholder by default. */
  placeholder?: ReactNode;
  sectionProps?: Record<string, unknown>;
  /** The route section's `hydrateNear`: a server-rendered section hydrates when that element nears the viewport. */
  hydrateNear?: string;
}

const defaultPlaceholder = (
  <PageContainer aria-busy="true" aria-label="Loading">
    <Skeleton $height="2.4rem" $width="60%" />
    <Skeleton $height="1rem" style={{ marginTop: '1.5rem' }} />
    <Skeleton $height="1rem" $width="80%" style={{ marginTop: '0.75rem' }} />
  </PageContainer>
);

/**
 * Renders one remote's exposed component inside its own boundary: while loading a placeholder, and if
 * its manifest or code cannot be loaded, hangs, or it throws while rendering, a fallback with TRY_AGAIN
 * that affects this section only.
 *
 * On the server, a section whose code the server did not load (it failed, or this page load runs another
 * release of it than the server's) is sent as its placeholder, which is also what the browser renders
 * first: the server lists only the sections it rendered, so the browser hydrates that placeholder as it
 * is and then loads the section itself, exactly as without server rendering. A section that throws
 * while rendering on the server throws to the Suspense boundary, which React marks for client rendering.
 */
export function RemoteSection(props: RemoteSectionProps) {
  return (
    <Suspense fallback={props.placeholder ?? defaultPlaceholder}>
      <HydrationGate remote={props.remote} module={props.module} held={Boolean(props.hydrateNear)}>
        {/* A new section (another route) starts from its own state, not the previous section's. */}
        <SectionLoader key={sectionId(props)} {...props} />
      </HydrationGate>
    </Suspense>
  );
}

/**
 * A held section's hydration waits here for its gate: React keeps the server's HTML of the section
 * until it opens. A component of its own, with no hooks: React replays a component that suspended once
 * the promise settles, and the replay skips the `use` (the gate is open by then), so a hook after it
 * would be called as an update on a component never mounted (React error 467).
 */
function HydrationGate({
  remote,
  module,
  held,
  children,
}: Pick<RemoteSectionProps, 'remote' | 'module'> & { held: boolean; children: ReactNode }) {
  const serverSections = useContext(ServerSectionsContext);
  const gate = held && !serverSections ? sectionHydrationGate(remote, module) : undefined;
  if (gate) use(gate);
  return children;
}

function SectionLoader({
  remote,
  module,
  placeholder = defaultPlaceholder,
  sectionProps,
  hydrateNear,
}: RemoteSectionProps) {
  const serverSections = useContext(ServerSectionsContext);
  const [attempt, setAttempt] = useState(0);
  // Code already loaded (before hydration, or on an earlier visit) renders at once.
  const [state, setState] = useState<LoadState>(() => {
    const Section = loadedSection(remote, module);
    return Section ? { status: 'ready', Section } : { status: 'loading' };
  });

  useEffect(() => {
    // The code may have arrived between this render and this effect (a hover preload finishing): show
    // it, rather than waiting for a load that already happened.
    const arrived = attempt === 0 ? loadedSection(remote, module) : undefined;
    if (arrived) {
      setState((current) => (current.status === 'ready' ? current : { status: 'ready', Section: arrived }));
      return;
    }
    let active = true;
    setState({ status: 'loading' });
    loadSection(remote, module).then(
      (Section) => active && setState({ status: 'ready', Section }),
      (error: unknown) => {
        console.error(`Section ${remote}/${module} failed to load`, error);
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [remote, module, attempt]);

  useEffect(() => {
    if (hydrateNear) releaseSectionHydration(remote, module, hydrateNear);
  }, [remote, module, hydrateNear]);

  const retry = () => setAttempt((value) => value + 1);
  const fallback = <SectionFallback remote={remote} onRetry={retry} />;

  if (serverSections) {
    const Section = serverSections.get(sectionId({ remote, module }));
    if (!Section) return <>{placeholder}</>;
    return (
      <SectionErrorBoundary key={0} fallback={fallback}>
        <Section {...sectionProps} />
      </SectionErrorBoundary>
    );
  }
  if (state.status === 'loading') return <>{placeholder}</>;
  if (state.status === 'failed') return fallback;
  const { Section } = state;
  return (
    <SectionErrorBoundary key={attempt} fallback={fallback}>
      <Section {...sectionProps} />
    </SectionErrorBoundary>
  );
}
