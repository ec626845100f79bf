// The smoke test's own process (started by smokeTest.ts under tsx): it loads a release's server
// container through a Module Federation instance of its own, exactly as the server does, and renders
// each page module the shell uses. A process of its own because the runtime keeps global state (a
// loaded container under its global name, the share scopes, manifest caches): in the server's process a
// release's container would stand in for the live one, or the other way round. It also lets the check
// stop a module that never yields (an endless loop) by ending the process.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ComponentType } from 'react';
import {
  BOUNTY_LIST_KEY,
  RENDER_TIME_KEY,
  bountyKey,
  createQueryClient,
  withTimeout,
  type SectionPrefetch,
  type SectionSitemapEntries,
} from '@side-quest/data';
import { setRuntimeConfig } from '@side-quest/data/config';
import { findRoute } from '@side-quest/data/routes';
import { makeBountyList, manyBounties } from '@side-quest/data/testing';
import { createServerContainers } from '../../render/federation';
import { isEmptyMarkup, renderSection } from './sectionRender';
import type { SmokeJob, SmokeMessage, SmokeSection } from './smokeProtocol';

interface SectionModule {
  default?: ComponentType<Record<string, unknown>>;
  prefetch?: SectionPrefetch;
  sitemapEntries?: SectionSitemapEntries;
}

/** The bounties every page is rendered with: in the query cache, and behind the fixture API. */
const BOUNTIES = manyBounties(12);

function send(message: SmokeMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, () => resolve());
  });
}

const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';

/**
 * One loopback server: the release folder as it would be deployed (the runtime fetches the manifest and
 * chunks over HTTP, as from any deployment), and the bounty API of the server answered from fixtures,
 * for a `prefetch` that loads its data itself rather than through the cache.
 */
async function startReleaseHost(releaseDir: string) {
  const app = express();
  app.get('/api/bounties', (_req, res) => void res.json(BOUNTIES));
  app.get('/api/bounties/:id', (req, res) => {
    const bounty = BOUNTIES.find((candidate) => candidate.id === req.params.id);
    if (bounty) res.json(bounty);
    else res.status(404).json({ error: 'Bounty not found' });
  });
  app.use('/api', (_req, res) => void res.status(404).json({ error: 'Not served by the contract check' }));
  app.use(express.static(releaseDir, { index: false, dotfiles: 'ignore' }));
  // The runtime runs whatever a script URL answers, whatever its status: a missing chunk answered with
  // an HTML 404 page would be reported as "Unexpected token '<'". Say what is missing instead.
  app.use((req, res) => {
    const missing = `${req.path.slice(1)} is missing from the release`;
    if (req.path.endsWith('.js'))
      res
        .status(404)
        .type('text/javascript')
        .send(`throw new Error(${JSON.stringify(missing)});`);
    else res.status(404).json({ error: missing });
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Nothing the check runs may reach beyond the loopback host: no request leaves the machine. */
function confineFetch(origin: string) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), origin);
    if (url.origin !== origin) {
      return Promise.reject(
        new Error(`the contract check answers no request beyond the release and its fixtures (${url.href})`),
      );
    }
    return realFetch(input, init);
  };
}

/** A URL of the route: a page the module lists in its sitemap, else its parameters filled in. */
async function samplePath(section: SmokeSection, module: SectionModule, budgetMs: number): Promise<string> {
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
    encodeURIComponent(name === 'id' ? (BOUNTIES[0]?.id ?? 'contract-check') : 'contract-check'),
  );
}

function decodedParams(path: string): Record<string, string> {
  const params = findRoute(path)?.params ?? {};
  try {
    return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, decodeURIComponent(value)]));
  } catch {
    return params;
  }
}

/** Loads, prefetches and renders one section within the budget; the problem found, if any. */
async function smokeSection(
  job: SmokeJob,
  containers: ReturnType<typeof createServerContainers>,
  origin: string,
  section: SmokeSection,
): Promise<{ path: string; html: number; problem?: string }> {
  const deadline = Date.now() + job.budgetMs;
  const left = () => Math.max(1, deadline - Date.now());
  let path = section.routePath;
  const id = `${job.name}/${section.module.replace(/^\.\//, '')}`;

  let module: SectionModule;
  try {
    module = await containers.load<SectionModule>(id, job.budgetMs);
  } catch (error) {
    return { path, html: 0, problem: `could not be loaded from the server build: ${reason(error)}` };
  }
  if (!module.default) return { path, html: 0, problem: 'has no default export (the page component)' };

  path = await samplePath(section, module, left());
  const queryClient = createQueryClient();
  queryClient.setQueryData(RENDER_TIME_KEY, Date.now());
  queryClient.setQueryData(BOUNTY_LIST_KEY, makeBountyList(BOUNTIES));
  for (const bounty of BOUNTIES) queryClient.setQueryData(bountyKey(bounty.id), bounty);

  if (module.prefetch) {
    try {
      await withTimeout(
        module.prefetch({ queryClient, params: decodedParams(path), search: new URLSearchParams() }),
        left(),
        'prefetch',
      );
    } catch (error) {
      return { path, html: 0, problem: `failed in prefetch for ${path}: ${reason(error)}` };
    }
  }

  const { sectionHtml, errors } = await renderSection(module.default, {
    path,
    routePath: section.routePath,
    queryClient,
    publicUrl: origin,
    budgetMs: left(),
  });
  if (errors.length > 0)
    return { path, html: 0, problem: `threw while rendering ${path}: ${reason(errors[0])}` };
  if (sectionHtml === null) return { path, html: 0, problem: `was not rendered at ${path}` };
  if (isEmptyMarkup(sectionHtml)) return { path, html: 0, problem: `rendered empty HTML at ${path}` };
  return { path, html: sectionHtml.length };
}

async function main() {
  const job = JSON.parse(process.argv[2] ?? '') as SmokeJob;
  // The runtime reports an abandoned load's failure on its own; that must not end this process.
  process.on('unhandledRejection', (error) => console.error('unhandled rejection:', reason(error)));

  const host = await startReleaseHost(job.releaseDir);
  try {
    confineFetch(host.origin);
    // The pages' data layer, as on the server, reads the API over loopback (here: the fixtures).
    setRuntimeConfig({
      remotes: {},
      bountySource: 'api',
      firebase: null,
      marketingForms: { portalId: '', signupFormId: '', contactFormId: '', scriptHost: '' },
      publicUrl: host.origin,
      apiBase: host.origin,
    });
    const containers = createServerContainers((message) => console.error(message));
    await containers.refresh({ [job.name]: `${host.origin}/server/mf-manifest.json` });
    await send({ type: 'ready' });
    for (const section of job.sections) {
      await send({ type: 'start', module: section.module });
      const outcome = await smokeSection(job, containers, host.origin, section);
      await send({ type: 'result', module: section.module, ...outcome });
    }
    containers.stop();
  } finally {
    await host.stop();
  }
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    await send({ type: 'fatal', message: reason(error) });
    process.exit(1);
  },
);
