// Releases for the contract's tests, on disk as a remote's build lays them out (mf-manifest.json and
// server/mf-manifest.json + server/remoteEntry.js), without a webpack build: unit tests run before
// `npm run build`. The server container is a real one as far as the Module Federation runtime is
// concerned (init with the share scope, get(expose) resolving to a module factory), small enough to
// read, and it takes React and the query cache from the share scope the way a built container does.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { RemoteName } from '../../../config/serverConfig';
import { manifestPath, type BuildKind } from '../manifest';
import { SHELL_SINGLETONS, installedSingletonVersions } from '../shellShared';
import { sectionsUsedFrom } from '../releaseContract';

/** How a fixture page behaves when rendered. */
export type FixturePage = 'ok' | 'throw' | 'empty' | 'hang' | 'loop';

export interface FixtureOptions {
  /** Behaviour per exposed module ('./CompassPage'); every module the shell uses is exposed, 'ok'. */
  pages?: Record<string, FixturePage>;
  /** What an 'ok' page says before its bounty count (which release rendered it); the module's path by default. */
  label?: string;
}

function manifest(name: string, build: BuildKind, modules: string[]) {
  const versions = installedSingletonVersions();
  // What a build of this repository shares: the shell's singletons at the installed versions.
  const shared = SHELL_SINGLETONS.filter((library) => library !== 'react-dom').map((library) => ({
    id: `${name}:${library}`,
    name: library,
    version: versions.get(library),
    singleton: true,
    requiredVersion: `^${versions.get(library)}`,
    assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } },
    fallback: '',
  }));
  return {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: { buildVersion: '0.0.0-fixture', buildName: `fixture-${name}` },
      remoteEntry: {
        name: 'remoteEntry.js',
        path: '',
        type: build === 'server' ? 'commonjs-module' : 'global',
      },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: name,
      pluginVersion: 'fixture',
      publicPath: 'auto',
    },
    shared,
    remotes: [],
    exposes: modules.map((module) => ({
      id: `${name}:${module.slice(2)}`,
      name: module.slice(2),
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
      path: module,
    })),
  };
}

function serverContainer(pages: Record<string, FixturePage>, label: string | undefined): string {
  return `"use strict";
const PAGES = ${JSON.stringify(pages)};
const LABEL = ${JSON.stringify(label ?? null)};
let shareScope;
async function shared(name) {
  const versions = shareScope && shareScope[name];
  const provided = versions && Object.values(versions)[0];
  if (!provided) throw new Error(name + " is not in the share scope");
  const factory = await provided.get();
  return factory();
}
module.exports = {
  init(scope) {
    shareScope = scope;
  },
  async get(expose) {
    const behaviour = PAGES[expose];
    if (!behaviour) throw new Error("Module " + expose + " does not exist in container.");
    if (behaviour === "hang") await new Promise(() => {});
    const React = await shared("react");
    const { useQueryClient } = await shared("@side-quest/data/query");
    function Page() {
      // The shell's pages render from the request's cache: the check must have seeded it.
      const list = useQueryClient().getQueryData(["bounties"]);
      if (!list || list.bounties.length === 0) throw new Error("no bounties in the query cache");
      if (behaviour === "throw") throw new Error("the fixture page broke");
      if (behaviour === "loop") for (;;) {}
      if (behaviour === "empty") return null;
      return React.createElement("main", null, (LABEL || expose) + ": " + list.bounties.length + " bounties");
    }
    return () => ({ __esModule: true, default: Page });
  },
};
`;
}

/** A temporary folder, removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes a release of `name` into `dir` that passes the contract unless `options` break it. */
export function writeFixtureRelease(dir: string, name: RemoteName, options: FixtureOptions = {}): void {
  const pages: Record<string, FixturePage> = Object.fromEntries(
    sectionsUsedFrom(name).map((section) => [section.module, 'ok' as FixturePage]),
  );
  Object.assign(pages, options.pages);
  const modules = Object.keys(pages);
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(manifestPath(dir, 'browser'), JSON.stringify(manifest(name, 'browser', modules), null, 2));
  writeFileSync(
    path.join(dir, 'remoteEntry.js'),
    '// The browser container is not run by the contract check.\n',
  );
  writeFileSync(manifestPath(dir, 'server'), JSON.stringify(manifest(name, 'server', modules), null, 2));
  writeFileSync(path.join(dir, 'server', 'remoteEntry.js'), serverContainer(pages, options.label));
}

/**
 * A server build of the shell (`shell/ServerApp`) in `dir`, as the server serves it: an app that puts
 * the request's QueryClient around every section the page renderer loaded, in a <div id="fixture-app">.
 */
export function writeFixtureShell(dir: string): void {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  const json = manifest('shell', 'server', ['./ServerApp']);
  writeFileSync(manifestPath(dir, 'server'), JSON.stringify(json, null, 2));
  writeFileSync(
    path.join(dir, 'server', 'remoteEntry.js'),
    `"use strict";
let shareScope;
async function shared(name) {
  const provided = Object.values((shareScope && shareScope[name]) || {})[0];
  if (!provided) throw new Error(name + " is not in the share scope");
  return (await provided.get())();
}
module.exports = {
  init(scope) {
    shareScope = scope;
  },
  async get(expose) {
    if (expose !== "./ServerApp") throw new Error("Module " + expose + " does not exist in container.");
    const React = await shared("react");
    const { QueryClientProvider } = await shared("@side-quest/data/query");
    function ServerApp({ queryClient, sections }) {
      const rendered = [...sections.values()].map((Section, index) => React.createElement(Section, { key: index }));
      return React.createElement(
        QueryClientProvider,
        { client: queryClient },
        React.createElement("div", { id: "fixture-app" }, rendered),
      );
    }
    return () => ({ __esModule: true, default: ServerApp });
  },
};
`,
  );
}

/** Copies a built release (a remote's dist/) into `dir`, as a team would publish it. */
export function copyRelease(from: string, dir: string): void {
  cpSync(from, dir, { recursive: true });
}

/**
 * Rewrites a file of a built release as a build would write it: with its brotli and gzip copies (a
 * browser build has them beside every larger text file) rewritten too, so a browser that takes them is
 * sent the new text. A copy's age cannot tell it is stale once a release's files have been copied.
 */
export function rewriteBuildFile(file: string, text: string): void {
  writeFileSync(file, text);
  if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(text));
  if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(text));
}

type Manifest = {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: Array<{ path?: string; name?: string }>;
  shared: Array<Record<string, unknown>>;
};

/** Edits one build's manifest of a release in place. */
export function editManifest(dir: string, build: BuildKind, edit: (manifest: Manifest) => void): void {
  const file = manifestPath(dir, build);
  const json = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  edit(json);
  rewriteBuildFile(file, JSON.stringify(json, null, 2));
}

/** Leaves a module out of one build's exposes. */
export function removeExpose(dir: string, build: BuildKind, module: string): void {
  editManifest(dir, build, (json) => {
    json.exposes = json.exposes.filter((expose) => expose.path !== module);
  });
}

/** Sets a shared library's requiredVersion in one build's manifest. */
export function setRequiredVersion(dir: string, build: BuildKind, library: string, range: string): void {
  editManifest(dir, build, (json) => {
    const entry = json.shared.find((candidate) => candidate.name === library);
    if (!entry) throw new Error(`The ${build} manifest shares no ${library}`);
    entry.requiredVersion = range;
  });
}

/** The file of a build that holds an exposed module's own chunk (in a release copied from a real build). */
export function exposeChunk(dir: string, build: BuildKind, module: string): string {
  const manifest = JSON.parse(readFileSync(manifestPath(dir, build), 'utf8')) as {
    exposes: Array<{ path: string; assets: { js: { sync: string[] } } }>;
  };
  const chunk = manifest.exposes.find((expose) => expose.path === module)?.assets.js.sync[0];
  if (!chunk) throw new Error(`The ${build} manifest lists no chunk for ${module}`);
  return path.join(path.dirname(manifestPath(dir, build)), chunk);
}

/**
 * Replaces `text` (e.g. a quoted string literal) in the chunk of an exposed module of one build of a
 * copied release, as a changed build would have it; throws when the chunk does not hold it.
 */
export function replaceInExpose(
  dir: string,
  build: BuildKind,
  module: string,
  text: string,
  replacement: string,
): void {
  const file = exposeChunk(dir, build, module);
  const source = readFileSync(file, 'utf8');
  if (!source.includes(text)) throw new Error(`${file} does not hold ${text}`);
  rewriteBuildFile(file, source.replace(text, replacement));
}
