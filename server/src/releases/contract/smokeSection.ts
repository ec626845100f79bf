// The smoke test of one section, run inside a release process (server/src/render/releaseProcessMain.ts):
// the section is loaded from the release's server container and rendered through the same page renderer
// as the server's pages on a canary or override release, in the contract frame with fixture data.
import { withTimeout, type SectionSitemapEntries } from '@side-quest/data';
import { findRoute } from '@side-quest/data/routes';
import type { ServerContainers } from '../../render/federation';
import { errorReason } from '../../render/failureLog';
import { createPageRenderer, type DataFailure, type SectionModule } from '../../render/renderPage';
import { fixtureQueries, FIXTURE_BOUNTIES } from './fixtures';
import type { SmokeResult, SmokeSection, SmokeSectionJob } from './smokeProtocol';
import { contractFrame, isEmptyMarkup, sectionMarkup } from './sectionRender';

type LoadedModule = Partial<SectionModule> & { sitemapEntries?: SectionSitemapEntries };

/** A URL of the route: a page the module lists in its sitemap, else its parameters filled in. */
async function samplePath(section: SmokeSection, module: LoadedModule, budgetMs: number): Promise<string> {
  if (!section.routePath.includes(':')) return section.routePath;
  if (module.sitemapEntries) {
    try {
      const entries = await withTimeout(module.sitemapEntries(), budgetMs, 'sitemapEntries');
      const listed = entries.find((entry) => findRoute(entry.path)?.route.path === section.routePath);
      if (listed) return listed.path;
    } catch {
      // Not this contract's concern: the parameters are filled in below.
    }
  }
  return section.routePath.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(name === 'id' ? (FIXTURE_BOUNTIES[0]?.id ?? 'contract-check') : 'contract-check'),
  );
}

/** Loads, prefetches and renders one section within the budget; the problem found, if any. */
export async function smokeSection(
  containers: Pick<ServerContainers, 'load' | 'sharedCopies'>,
  origin: string,
  { name, section, budgetMs }: SmokeSectionJob,
): Promise<SmokeResult> {
  const deadline = Date.now() + budgetMs;
  const left = () => Math.max(1, deadline - Date.now());
  let path = section.routePath;
  const id = `${name}/${section.module.replace(/^\.\//, '')}`;

  let module: LoadedModule;
  try {
    module = await containers.load<LoadedModule>(id, budgetMs);
  } catch (error) {
    return { path, html: 0, problem: `could not be loaded from the server build: ${errorReason(error)}` };
  }
  if (!module.default) return { path, html: 0, problem: 'has no default export (the page component)' };

  path = await samplePath(section, module, left());
  const errors: unknown[] = [];
  let dataFailure: DataFailure | null = null;
  const renderer = createPageRenderer(containers, {
    budgets: { codeMs: left(), dataMs: left(), renderMs: left() },
    loadApp: async () => contractFrame(id, section.routePath),
    onFailure: (_remote, error) => errors.push(error),
    onDataFailure: (failure) => (dataFailure ??= failure),
  });
  const page = await renderer.render(path, { publicUrl: origin, queries: fixtureQueries() });
  if (dataFailure)
    return {
      path,
      html: 0,
      problem: `failed in prefetch for ${path}: ${errorReason((dataFailure as DataFailure).error)}`,
    };
  if (errors.length > 0)
    return { path, html: 0, problem: `threw while rendering ${path}: ${errorReason(errors[0])}` };
  const markup = page ? sectionMarkup(page.body) : null;
  if (markup === null) return { path, html: 0, problem: `was not rendered at ${path}` };
  if (isEmptyMarkup(markup)) return { path, html: 0, problem: `rendered empty HTML at ${path}` };
  return { path, html: markup.length };
}
