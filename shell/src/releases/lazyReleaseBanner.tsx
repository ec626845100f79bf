import type { ReleaseOverride } from '@side-quest/data';
import { onDemand } from '@side-quest/design';

/** The release banner, shown only to a tester who chose a release: its code loads only then. */
const banner = onDemand(() => import(/* webpackChunkName: "release-banner" */ './ReleaseBanner'));

export const loadReleaseBanner = banner.preload;

export function LazyReleaseBanner({ overrides }: { overrides: readonly ReleaseOverride[] }) {
  const { ReleaseBanner } = banner.useModule();
  return <ReleaseBanner overrides={overrides} />;
}
