import {
  Component,
  createContext,
  Suspense,
  use,
  useContext,
  type ComponentType,
  type ReactNode,
} from 'react';
import { PageContainer, Skeleton } from '@side-quest/design';
import { loadShellPage, loadedShellPage, type ShellPageId } from './shellPages';

/** On the server: every shell page, imported statically (ServerApp), so it renders in one pass. */
export const ServerShellPagesContext = createContext<Readonly<Record<ShellPageId, ComponentType>> | null>(
  null,
);

const placeholder = (
  <PageContainer aria-busy="true" aria-label="Loading">
    <Skeleton $height="2.4rem" $width="60%" />
    <Skeleton $height="1rem" style={{ marginTop: '1.5rem' }} />
  </PageContainer>
);

function PageLoader({ id }: { id: ShellPageId }) {
  const serverPages = useContext(ServerShellPagesContext);
  // Loaded before hydration (bootstrap) or on an earlier visit: rendered at once, without suspending.
  const Page = serverPages?.[id] ?? loadedShellPage(id) ?? use(loadShellPage(id));
  return <Page />;
}

/** A page whose code could not be downloaded (offline, a deploy in between): the server renders it. */
class LoadFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PageContainer role="alert">
        <p>
          This page could not be loaded. <a href={window.location.href}>Load it again</a>
        </p>
      </PageContainer>
    );
  }
}

/** One of the shell's own pages, its code loaded on demand (shellPages.ts). */
export function ShellPage({ id }: { id: ShellPageId }) {
  return (
    <LoadFailed key={id}>
      <Suspense fallback={placeholder}>
        <PageLoader id={id} />
      </Suspense>
    </LoadFailed>
  );
}
