import { stat } from 'node:fs/promises';
import path from 'node:path';
import { satisfy } from '@module-federation/runtime';
import { REMOTE_ENTRY_FILE } from '@side-quest/data/remotes';
import { ROUTES } from '@side-quest/data/routes';
import { REMOTE_NAMES, REPO_ROOT, type RemoteName } from '../../config/serverConfig';
import {
  BUILDS,
  exposedModules,
  readReleaseManifest,
  type BuildKind,
  type ReleaseManifest,
} from './manifest';
import { CHECKED_LIBRARIES, RETIRED_LIBRARIES, shellProvidedVersions } from './shellShared';
import type { SmokeSection } from './smokeProtocol';
import { runSmokeTest } from './smokeTest';

/** Something in a release that would break the shell; the release must not be promoted. */
export interface ContractProblem {
  check: 'exposes' | 'shared' | 'smoke';
  message: string;
}

export interface ReleaseContractOptions {
  name: RemoteName;
  /** The release folder: a copy of the remote's `dist/` (browser build, and `server/` beside it). */
  releaseDir: string;
  /** Progress, and the smoke test's own output. */
  log?: (message: string) => void;
  /** Each page module's load, prefetch and render must finish within this (10 s). */
  smokeBudgetMs?: number;
  /** The shell's browser build, whose shared versions the browser build is held to (shell/dist). */
  shellDistDir?: string;
}

const DEFAULT_SMOKE_BUDGET_MS = 10_000;

/**
 * The page modules the shell takes from a remote, with the routes it renders them at, from the one
 * route table (a module on two routes is rendered at both).
 */
export function sectionsUsedFrom(name: RemoteName): SmokeSection[] {
  return ROUTES.flatMap((route) =>
    route.section?.remote === name ? [{ module: route.section.module, routePath: route.path }] : [],
  );
}

/** A finding in one build, before the same finding in both builds is said once. */
interface Finding {
  check: ContractProblem['check'];
  message: string;
  build: BuildKind;
}

function withBuilds(findings: Finding[]): ContractProblem[] {
  const merged = new Map<string, { check: ContractProblem['check']; message: string; builds: BuildKind[] }>();
  for (const finding of findings) {
    const key = `${finding.check}\n${finding.message}`;
    const known = merged.get(key);
    if (known) known.builds.push(finding.build);
    else merged.set(key, { check: finding.check, message: finding.message, builds: [finding.build] });
  }
  return [...merged.values()].map(({ check, message, builds }) => ({
    check,
    message: `${message} (${builds.length === 1 ? `${builds[0]} build` : `${builds.join(' and ')} builds`})`,
  }));
}

/** Check 1: every module the shell uses from the remote is exposed, under the remote's name. */
function checkExposes(name: RemoteName, manifest: ReleaseManifest, build: BuildKind): Finding[] {
  const findings: Finding[] = [];
  if (manifest.name !== undefined && manifest.name !== name) {
    findings.push({
      check: 'exposes',
      build,
      message: `${name}: this release is the remote "${manifest.name}", not "${name}"`,
    });
  }
  // The browser loads a remote by the entry beside its manifest (remoteEntryUrl), never by the manifest.
  const entry = manifest.remoteEntry;
  if (build === 'browser' && (entry?.name !== REMOTE_ENTRY_FILE || (entry.path ?? '') !== '')) {
    findings.push({
      check: 'exposes',
      build,
      message: `${name}: the shell loads ${REMOTE_ENTRY_FILE} beside the manifest; this release's entry is ${
        entry?.name ? [entry.path, entry.name].filter(Boolean).join('/') : 'not named'
      }`,
    });
  }
  const exposed = exposedModules(manifest);
  const used = [...new Set(sectionsUsedFrom(name).map((section) => section.module))];
  for (const module of used) {
    if (!exposed.has(module)) {
      findings.push({
        check: 'exposes',
        build,
        message: `${name}: the shell uses ${module}, which this release does not expose`,
      });
    }
  }
  return findings;
}

/** Check 2: each singleton the release shares accepts the version the shell provides. */
function checkShared(
  name: RemoteName,
  manifest: ReleaseManifest,
  build: BuildKind,
  provided: ReadonlyMap<string, string>,
): Finding[] {
  const findings: Finding[] = [];
  for (const entry of manifest.shared) {
    if (!CHECKED_LIBRARIES.includes(entry.name)) continue;
    // Without a requiredVersion of its own, a shared module asks for its build's major (webpack's default).
    const range = entry.requiredVersion || (entry.version ? `^${entry.version}` : '*');
    const version = provided.get(entry.name);
    if (version === undefined) {
      findings.push({
        check: 'shared',
        build,
        message: `${name}: this release shares ${entry.name} (requires ${range}), which the shell does not provide${
          RETIRED_LIBRARIES.has(entry.name) ? `: ${RETIRED_LIBRARIES.get(entry.name)}` : ''
        }`,
      });
    } else if (!satisfy(version, range)) {
      findings.push({
        check: 'shared',
        build,
        message: `${name}: this release requires ${entry.name} ${range}${entry.version ? ` (built with ${entry.version})` : ''}, but the shell provides ${entry.name} ${version} as a singleton`,
      });
    }
  }
  return findings;
}

/**
 * Whether a release of a remote can be promoted without breaking the shell. Three checks:
 * - exposes: every module the shell uses from the remote (the route table's sections) is in the
 *   `exposes` of both the browser and the server manifest;
 * - shared: every shared singleton the release names (React and its JSX runtime, react-dom,
 *   styled-components, @side-quest/design, /data and /data/query) accepts, by its
 *   requiredVersion, the version the shell provides;
 * - smoke: in a release process (the kind the server renders a canary's pages in), the release's server
 *   container is loaded over HTTP through a fresh Module Federation runtime as the server loads it, and
 *   each page module the shell uses is prefetched and rendered by the server's page renderer, with
 *   fixture data, inside the providers the shell gives a section; a module that fails to load within the
 *   budget, throws, or renders empty HTML is a problem.
 * Resolves with the problems found: an empty list means the release passes.
 */
export async function checkReleaseContract(options: ReleaseContractOptions): Promise<ContractProblem[]> {
  const { name } = options;
  if (!REMOTE_NAMES.includes(name)) throw new TypeError(`Unknown remote "${name}"`);
  const log = options.log ?? (() => undefined);
  const releaseDir = path.resolve(options.releaseDir);
  const shellDistDir = options.shellDistDir ?? path.join(REPO_ROOT, 'shell', 'dist');

  const isFolder = await stat(releaseDir).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (!isFolder)
    return [{ check: 'exposes', message: `${name}: the release folder ${releaseDir} does not exist` }];

  log(`${name}: checking the release in ${releaseDir}`);
  const findings: Finding[] = [];
  const manifests = new Map<BuildKind, ReleaseManifest>();
  for (const build of BUILDS) {
    try {
      manifests.set(build, await readReleaseManifest(releaseDir, build));
    } catch (error) {
      findings.push({
        check: 'exposes',
        build,
        message: `${name}: this release's manifest cannot be read: ${(error as Error).message}`,
      });
    }
  }
  for (const [build, manifest] of manifests) {
    findings.push(...checkExposes(name, manifest, build));
    findings.push(...checkShared(name, manifest, build, await shellProvidedVersions(build, shellDistDir)));
  }
  const problems = withBuilds(findings);

  // The smoke test renders what the server build exposes (a module it lacks is reported above).
  const serverManifest = manifests.get('server');
  const exposed = serverManifest ? exposedModules(serverManifest) : new Set<string>();
  const sections = sectionsUsedFrom(name).filter((section) => exposed.has(section.module));
  if (sections.length > 0) {
    const smoke = await runSmokeTest(
      { name, releaseDir, sections, budgetMs: options.smokeBudgetMs ?? DEFAULT_SMOKE_BUDGET_MS },
      log,
    );
    problems.push(...smoke.map((message) => ({ check: 'smoke' as const, message: `${name}: ${message}` })));
  }
  log(problems.length === 0 ? `${name}: contract OK` : `${name}: ${problems.length} contract problem(s)`);
  return problems;
}
