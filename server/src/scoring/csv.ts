/**
 * Reading the two-column CSV files of scoring — answer keys (`id,target`) and entries (`id,prediction`) —
 * with csv-parse, streaming: a byte-order mark, CRLF or LF line ends, quoted fields (with commas, quotes
 * and line breaks inside) and header names in any case are all accepted. The file arrives as a Readable
 * (a blob store's stream); only one record at a time is held, never the file's text.
 *
 * Problems are collected as sentences with their line numbers (the line a record starts on, counting the
 * header as line 1), at most MAX_PROBLEMS; reading stops at the limit.
 */
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

export interface CsvProblem {
  /** The line of the file (1 is the header), or null for a problem of the whole file (a missing id). */
  line: number | null;
  message: string;
}

export const MAX_PROBLEMS = 20;

/** One field longer than this ends reading (a CSV without line breaks, or a binary file). */
const MAX_RECORD_CHARS = 64 * 1024;

export class ProblemList {
  readonly items: CsvProblem[] = [];

  get full(): boolean {
    return this.items.length >= MAX_PROBLEMS;
  }

  get empty(): boolean {
    return this.items.length === 0;
  }

  add(line: number | null, message: string): void {
    if (!this.full) this.items.push({ line, message });
  }
}

/** A problem as one sentence: "Line 7: …" or the message alone. */
export function describeProblem(problem: CsvProblem): string {
  return problem.line === null ? problem.message : `Line ${problem.line}: ${problem.message}`;
}

/** Quotes a value from the file for a message, shortened and with control characters shown as escapes. */
export function quote(value: string): string {
  const short = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(short);
}

/** A plain decimal or scientific number, with optional spaces around it (not hex, not Infinity). */
const NUMBER = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const NAN = /^\s*[+-]?nan\s*$/i;

export type ParsedNumber = number | 'nan' | 'not-a-number' | 'too-large';

/** The number a field holds; NaN and non-numbers named apart, so each gets its own message. */
export function parseNumber(text: string): ParsedNumber {
  // Fast path for the common field ("0.25", "-3", "1e-5"): JavaScript's own conversion, once the forms it
  // takes that CSV numbers do not have (empty, spaces, 0x/0b/0o, Infinity) are ruled out by the first and
  // last characters. Anything else takes the pattern below.
  const value = +text;
  if (value === value && value !== Infinity && value !== -Infinity && text.length > 0) {
    const first = text.charCodeAt(0);
    const last = text.charCodeAt(text.length - 1);
    const second = text.length > 1 ? text.charCodeAt(1) | 32 : 0;
    if (
      ((first >= 48 && first <= 57) || first === 45 || first === 43 || first === 46) &&
      ((last >= 48 && last <= 57) || last === 46) &&
      !(first === 48 && (second === 120 || second === 98 || second === 111))
    ) {
      return value === 0 ? 0 : value;
    }
  }
  if (NUMBER.test(text)) {
    const value = Number(text);
    if (!Number.isFinite(value)) return 'too-large';
    return value === 0 ? 0 : value; // -0 is 0
  }
  return NAN.test(text) ? 'nan' : 'not-a-number';
}

/**
 * A class label as compared: trimmed, and a numeric label written canonically ("1.0", "01" and "1e0" are
 * the class "1"), so a key of 0/1 and an entry of 0.0/1.0 agree.
 */
export function canonicalLabel(text: string): string {
  const trimmed = text.trim();
  if (NUMBER.test(trimmed)) {
    const value = Number(trimmed);
    if (Number.isFinite(value)) return String(value === 0 ? 0 : value);
  }
  return trimmed;
}

export interface TwoColumnSpec {
  /** The two column names (lower case): `['id', 'target']` or `['id', 'prediction']`. */
  columns: readonly [string, string];
  /** What the file is called in messages: "the answer key", "the entry". */
  what: string;
  /**
   * Called before the reader adds a problem of its own (a record's field count, a syntax error), so that a
   * caller that holds rows back (entry.ts handles them in batches) can first add theirs, in line order.
   */
  beforeProblem?: () => void;
}

/** Why csv-parse stopped, in words an entrant can act on (csv-parse's own text can quote the data). */
function syntaxMessage(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed (a " opens it and no " ends it).';
    case 'INVALID_OPENING_QUOTE':
      return 'a quote (") appears inside a field that does not start with one; put the whole field in quotes and write the quote twice ("").';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quoted field is followed by other characters before the next comma or line end.';
    case 'CSV_MAX_RECORD_SIZE':
      return `a record is longer than ${MAX_RECORD_CHARS} characters; is this a CSV file?`;
    default:
      return `the file is not valid CSV (${error.code}).`;
  }
}

class StopReading extends Error {}

/**
 * Reads a two-column CSV from `source`: checks the header, then calls `onRow(first, second, line)` for each
 * data row in order (blank lines skipped). Records with another number of fields, a CSV syntax error and a
 * wrong header become problems; a syntax error or a wrong header ends reading. Reading also ends once
 * `problems` is full, and the source is then destroyed. Resolves once the file has been read (or
 * abandoned); rejects only when the source itself fails.
 */
export function readTwoColumnCsv(
  source: Readable,
  spec: TwoColumnSpec,
  problems: ProblemList,
  onRow: (first: string, second: string, line: number) => void,
): Promise<void> {
  const parser = parse({ bom: true, relax_column_count: true, max_record_size: MAX_RECORD_CHARS });
  let line = 1; // where the next record starts
  let header = true;
  let firstIndex = 0;
  let secondIndex = 1;
  const [firstName, secondName] = spec.columns;
  const expected = `${firstName},${secondName}`;

  let stopped = false;
  const stop = () => {
    stopped = true;
    parser.destroy(new StopReading());
  };

  parser.on('data', (record: string[]) => {
    if (stopped) return;
    const start = line;
    line++;
    for (const field of record) {
      // a quoted field may hold line breaks: the next record starts that many lines further
      if (field.includes('\n')) line += field.split('\n').length - 1;
    }
    if (header) {
      header = false;
      const names = record.map((name) => name.trim().toLowerCase());
      firstIndex = names.indexOf(firstName);
      secondIndex = names.indexOf(secondName);
      if (firstIndex < 0 || secondIndex < 0 || names.length !== 2) {
        const hint =
          record.length === 1 && /[;\t|]/.test(record[0] ?? '') ? ' Separate the columns with commas.' : '';
        problems.add(
          start,
          `the header must name the two columns "${expected}" (in any case); it is ${quote(record.join(','))}.${hint}`,
        );
        stop();
      }
      return;
    }
    if (record.length === 1 && (record[0] as string).trim() === '') return; // a blank line
    if (record.length !== 2) {
      spec.beforeProblem?.();
      problems.add(
        start,
        `${record.length} ${record.length === 1 ? 'field' : 'fields'} where ${spec.what} has 2 ("${expected}").`,
      );
    } else {
      onRow(record[firstIndex] as string, record[secondIndex] as string, start);
    }
    if (problems.full) stop();
  });

  return new Promise((resolve, reject) => {
    pipeline(source, parser, (error) => {
      if (!error || error instanceof StopReading) {
        if (header && problems.empty)
          problems.add(null, `${spec.what} is empty: it needs the header "${expected}".`);
        resolve();
      } else if (error instanceof CsvError) {
        spec.beforeProblem?.();
        // csv-parse gives the line it had reached: the end of the file for a quote never closed, where the
        // record holding that quote starts on the line after the last record read ('data' is emitted as
        // each record is parsed).
        const at =
          error.code === 'CSV_QUOTE_NOT_CLOSED' ? line : typeof error.lines === 'number' ? error.lines : null;
        problems.add(at, syntaxMessage(error));
        resolve();
      } else {
        reject(error);
      }
    });
  });
}
