import type { ArchiveFormat } from '../sandbox';
import type { JsonObject } from './runStore';

/**
 * What a run of the sandbox handler runs, as the web process queues it (a run's `spec`): blobs by id,
 * never host paths, since a runner on another machine fetches them from the shared blob store.
 */

/** An archive in the blob store. */
export interface ArchiveRef {
  blobId: string;
  format: ArchiveFormat;
  maxUnpackedBytes?: number;
}

/**
 * A sponsor's archive (tests, dependencies) unpacked once per runner, in a sandbox, into a folder of its
 * own, then bound read-only at `sandboxPath` in every run that names it.
 */
export interface LayerRef {
  archive: ArchiveRef;
  sandboxPath: string;
  /**
   * Files this run adds at the layer's top (pytest's canary test in the tests folder): the run then binds
   * a copy of the layer of its own, with them, instead of the shared one.
   */
  addedFiles?: Array<{ name: string; text: string }>;
}

/** A small file this run alone needs (the canary test), written by the host and bound read-only. */
export interface RunFile {
  sandboxPath: string;
  text: string;
}

/** Runs a command on an archive, with layers and files laid over its work folder (SandboxJob's fields). */
export interface TestRunSpec {
  archive?: ArchiveRef;
  reservedPaths?: string[];
  layers?: LayerRef[];
  files?: RunFile[];
  command: string[];
  resultsPath: string | null;
  env?: Record<string, string>;
  memoryBytes?: number;
  wallMs?: number;
}

/** Unpacks an archive into this runner's layer (a setup's check that its tests or dependencies unpack). */
export interface PrepareLayerSpec {
  prepareLayer: ArchiveRef;
}

export type SandboxRunSpec = TestRunSpec | PrepareLayerSpec;

const FORMATS: readonly string[] = ['zip', 'tar.gz', 'git-bundle'] satisfies ArchiveFormat[];

/** A spec that is not one of the shapes above: the enqueuer's mistake, never the entrant's. */
export class RunSpecError extends Error {
  constructor(problem: string) {
    super(`The run's spec is not valid: ${problem}`);
    this.name = 'RunSpecError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const optionalNumber = (value: unknown, name: string): number | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RunSpecError(`${name} is not a number`);
  return value;
};
/** Where a layer or file goes: an absolute path without `..`, as the sandbox accepts (it checks the rest). */
const sandboxPathOf = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || !value.startsWith('/') || value.split('/').includes('..'))
    throw new RunSpecError(`${name} is not an absolute path inside the sandbox`);
  return value;
};

function archiveOf(value: unknown, name: string): ArchiveRef {
  if (!isObject(value) || typeof value.blobId !== 'string' || value.blobId === '')
    throw new RunSpecError(`${name} names no blob`);
  if (typeof value.format !== 'string' || !FORMATS.includes(value.format))
    throw new RunSpecError(`${name}'s format is not one of ${FORMATS.join(', ')}`);
  const maxUnpackedBytes = optionalNumber(value.maxUnpackedBytes, `${name}.maxUnpackedBytes`);
  return {
    blobId: value.blobId,
    format: value.format as ArchiveFormat,
    ...(maxUnpackedBytes === undefined ? {} : { maxUnpackedBytes }),
  };
}

/** Reads a run's spec, refusing any other shape with the first problem found. */
export function parseRunSpec(spec: JsonObject): SandboxRunSpec {
  if (spec.prepareLayer !== undefined) return { prepareLayer: archiveOf(spec.prepareLayer, 'prepareLayer') };
  if (!isStringArray(spec.command)) throw new RunSpecError('command is not a list of strings');
  if (spec.resultsPath !== null && typeof spec.resultsPath !== 'string')
    throw new RunSpecError('resultsPath is neither a path nor null');
  if (spec.reservedPaths !== undefined && !isStringArray(spec.reservedPaths))
    throw new RunSpecError('reservedPaths is not a list of strings');
  if (
    spec.env !== undefined &&
    !(isObject(spec.env) && Object.values(spec.env).every((v) => typeof v === 'string'))
  )
    throw new RunSpecError('env is not a map of strings');
  const layers = spec.layers ?? [];
  const files = spec.files ?? [];
  if (!Array.isArray(layers) || !Array.isArray(files))
    throw new RunSpecError('layers and files must be lists');
  const memoryBytes = optionalNumber(spec.memoryBytes, 'memoryBytes');
  const wallMs = optionalNumber(spec.wallMs, 'wallMs');
  return {
    ...(spec.archive === undefined ? {} : { archive: archiveOf(spec.archive, 'archive') }),
    ...(spec.reservedPaths === undefined ? {} : { reservedPaths: spec.reservedPaths }),
    layers: layers.map((layer, n) => {
      if (!isObject(layer)) throw new RunSpecError(`layers[${n}] is not an object`);
      const ref: LayerRef = {
        archive: archiveOf(layer.archive, `layers[${n}].archive`),
        sandboxPath: sandboxPathOf(layer.sandboxPath, `layers[${n}].sandboxPath`),
      };
      if (layer.addedFiles === undefined) return ref;
      if (!Array.isArray(layer.addedFiles)) throw new RunSpecError(`layers[${n}].addedFiles is not a list`);
      ref.addedFiles = layer.addedFiles.map((file, f) => {
        const where = `layers[${n}].addedFiles[${f}]`;
        if (!isObject(file) || typeof file.text !== 'string') throw new RunSpecError(`${where} has no text`);
        if (typeof file.name !== 'string' || !/^[\w.-]+$/.test(file.name) || /^\.\.?$/.test(file.name))
          throw new RunSpecError(`${where}'s name is not a plain file name`);
        return { name: file.name, text: file.text };
      });
      return ref;
    }),
    files: files.map((file, n) => {
      if (!isObject(file) || typeof file.text !== 'string') throw new RunSpecError(`files[${n}] has no text`);
      return { sandboxPath: sandboxPathOf(file.sandboxPath, `files[${n}].sandboxPath`), text: file.text };
    }),
    command: spec.command,
    resultsPath: spec.resultsPath,
    ...(spec.env === undefined ? {} : { env: spec.env as Record<string, string> }),
    ...(memoryBytes === undefined ? {} : { memoryBytes }),
    ...(wallMs === undefined ? {} : { wallMs }),
  };
}

/** Builds a spec for the queue (the other way round): typed for the caller, JSON for the store. */
export function runSpecJson(spec: SandboxRunSpec): JsonObject {
  return JSON.parse(JSON.stringify(spec)) as JsonObject;
}
