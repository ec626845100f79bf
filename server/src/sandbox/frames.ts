// Reads the results channel: the bytes the in-sandbox harness (harness/sandbox_init.py) wrote on a descriptor the
// test command never had. Exactly one 'started' frame and at most one 'final' frame are well formed; anything
// else means something other than the harness wrote there, and the run is 'harness-altered'.

import { RESULTS_MAX_BYTES } from './limits';

const MAGIC = Buffer.from('SQSB', 'ascii');
const HEADER_BYTES = MAGIC.length + 1 + 4;
const FINAL_JSON_MAX_BYTES = 64 * 1024;

/** The most the host reads from the channel: a final frame with the largest results file and its JSON. */
export const CHANNEL_MAX_BYTES = 2 * HEADER_BYTES + 4 + FINAL_JSON_MAX_BYTES + RESULTS_MAX_BYTES;

export type ResultsState = 'read' | 'missing' | 'refused' | 'none';

export interface FinalReport {
  exitCode: number | null;
  signal: string | null;
  archiveProblems: string[];
  results: Buffer | null;
  resultsState: ResultsState;
  resultsProblem: string | null;
  /** The harness's own failure (an exception of the unpacker or of the harness), with whether the command had started. */
  harnessError: string | null;
  commandStarted: boolean;
}

export interface ChannelReading {
  /** The harness started (its first act, before anything of the entry exists in the sandbox). */
  started: boolean;
  final: FinalReport | null;
  /** Why the bytes are not the harness's frames, or null when they are. */
  problem: string | null;
}

function readFrame(
  bytes: Buffer,
  offset: number,
): { kind: string; payload: Buffer; next: number } | { problem: string } {
  if (bytes.length - offset < HEADER_BYTES) return { problem: 'a frame was cut short' };
  if (!bytes.subarray(offset, offset + MAGIC.length).equals(MAGIC)) {
    return { problem: 'bytes that are not a frame' };
  }
  const kind = String.fromCharCode(bytes.readUInt8(offset + MAGIC.length));
  const length = bytes.readUInt32BE(offset + MAGIC.length + 1);
  const start = offset + HEADER_BYTES;
  if (bytes.length - start < length) return { problem: 'a frame was cut short' };
  return { kind, payload: bytes.subarray(start, start + length), next: start + length };
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function parseFinal(payload: Buffer): FinalReport | null {
  if (payload.length < 4) return null;
  const jsonLength = payload.readUInt32BE(0);
  if (jsonLength > FINAL_JSON_MAX_BYTES || payload.length < 4 + jsonLength) return null;
  let fields: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(payload.subarray(4, 4 + jsonLength).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    fields = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const { exitCode, signal, archiveProblems, results, resultsProblem, harnessError, commandStarted } = fields;
  const states: ResultsState[] = ['read', 'missing', 'refused', 'none'];
  if (exitCode !== null && !Number.isInteger(exitCode)) return null;
  if (signal !== null && typeof signal !== 'string') return null;
  if (!isStringArray(archiveProblems)) return null;
  if (!states.includes(results as ResultsState)) return null;
  if (resultsProblem !== null && typeof resultsProblem !== 'string') return null;
  if (harnessError !== null && typeof harnessError !== 'string') return null;
  if (typeof commandStarted !== 'boolean') return null;
  const body = payload.subarray(4 + jsonLength);
  if (results !== 'read' && body.length > 0) return null;
  if (body.length > RESULTS_MAX_BYTES) return null;
  return {
    exitCode: exitCode as number | null,
    signal: signal as string | null,
    archiveProblems: archiveProblems.slice(0, 20),
    results: results === 'read' ? Buffer.from(body) : null,
    resultsState: results as ResultsState,
    resultsProblem: resultsProblem as string | null,
    harnessError: harnessError as string | null,
    commandStarted,
  };
}

/** Reads everything the channel held once the sandbox is gone. `overflowed`: more than CHANNEL_MAX_BYTES arrived. */
export function parseChannel(bytes: Buffer, overflowed = false): ChannelReading {
  if (overflowed) return { started: true, final: null, problem: 'more bytes than a results file may hold' };
  if (bytes.length === 0) return { started: false, final: null, problem: null };
  const first = readFrame(bytes, 0);
  if ('problem' in first) return { started: false, final: null, problem: first.problem };
  if (first.kind !== 'S' || first.payload.length !== 0) {
    return { started: false, final: null, problem: 'a frame out of order' };
  }
  if (first.next === bytes.length) return { started: true, final: null, problem: null };
  const second = readFrame(bytes, first.next);
  if ('problem' in second) return { started: true, final: null, problem: second.problem };
  if (second.kind !== 'F') return { started: true, final: null, problem: 'a frame out of order' };
  if (second.next !== bytes.length)
    return { started: true, final: null, problem: 'bytes after the final frame' };
  const final = parseFinal(second.payload);
  if (!final) return { started: true, final: null, problem: 'a final frame that does not parse' };
  return { started: true, final, problem: null };
}
