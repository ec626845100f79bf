/**
 * Test support: a loopback HTTP server that answers the parts of Firestore's documented REST API
 * (https://firebase.google.com/docs/firestore/reference/rest) the lite SDK uses for reads —
 * `documents:runQuery` and `documents:batchGet` — plus Cloud Storage's object-metadata GET used by
 * getDownloadURL. The SDK is pointed at it with connectFirestoreEmulator / connectStorageEmulator.
 *
 * Documents are stored as Firestore `Value` JSON, so a test can store exactly the malformed shapes a
 * real database can hold (a reward as stringValue, tags as a mapValue...). Queries are evaluated
 * (equality filters, orderBy with Firestore's cross-type ordering, limit), so a wrong query from the
 * SDK gives a wrong answer, and every request body is recorded for assertions.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FirestoreValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { timestampValue: string }
  | { stringValue: string }
  | { arrayValue: { values?: FirestoreValue[] } }
  | { mapValue: { fields?: Record<string, FirestoreValue> } };

/** Marks a value to be stored as a Firestore timestampValue (RFC 3339 text with up to nanoseconds). */
export class TimestampText {
  constructor(readonly rfc3339: string) {}
}

/** Encodes plain JS into Firestore Value JSON, the way the REST API represents documents. */
export function encodeValue(value: unknown): FirestoreValue {
  if (value === null || value === undefined) return { nullValue: null };
  if (value instanceof TimestampText) return { timestampValue: value.rfc3339 };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encodeValue) } };
  if (typeof value === 'object')
    return { mapValue: { fields: encodeFields(value as Record<string, unknown>) } };
  throw new Error(`cannot encode ${typeof value}`);
}

export function encodeFields(document: Record<string, unknown>): Record<string, FirestoreValue> {
  return Object.fromEntries(Object.entries(document).map(([key, value]) => [key, encodeValue(value)]));
}

/** Firestore's ordering of value types: null < boolean < number < timestamp < string < ... < array < map. */
function typeRank(value: FirestoreValue): number {
  if ('nullValue' in value) return 0;
  if ('booleanValue' in value) return 1;
  if ('integerValue' in value || 'doubleValue' in value) return 2;
  if ('timestampValue' in value) return 3;
  if ('stringValue' in value) return 4;
  if ('arrayValue' in value) return 9;
  return 10;
}

function compareValues(a: FirestoreValue, b: FirestoreValue): number {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  if ('booleanValue' in a && 'booleanValue' in b) return Number(a.booleanValue) - Number(b.booleanValue);
  if (typeRank(a) === 2) {
    const num = (v: FirestoreValue) =>
      'integerValue' in v ? Number(v.integerValue) : (v as { doubleValue: number }).doubleValue;
    return num(a) - num(b);
  }
  if ('timestampValue' in a && 'timestampValue' in b)
    return Date.parse(a.timestampValue) - Date.parse(b.timestampValue);
  // Strings order by their UTF-8 bytes, as in Firestore.
  if ('stringValue' in a && 'stringValue' in b)
    return Buffer.compare(Buffer.from(a.stringValue), Buffer.from(b.stringValue));
  return JSON.stringify(a).localeCompare(JSON.stringify(b));
}

const equalValues = (a: FirestoreValue, b: FirestoreValue) =>
  typeRank(a) === typeRank(b) && compareValues(a, b) === 0;

interface StoredDocument {
  name: string;
  fields: Record<string, FirestoreValue>;
  createTime: string;
  updateTime: string;
}

interface FieldFilter {
  field: { fieldPath: string };
  op: string;
  value: FirestoreValue;
}
interface StructuredQuery {
  from?: { collectionId: string }[];
  where?: {
    fieldFilter?: FieldFilter;
    compositeFilter?: { op: string; filters: { fieldFilter?: FieldFilter }[] };
  };
  orderBy?: { field: { fieldPath: string }; direction?: string }[];
  limit?: number | { value: number };
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

export interface FakeFirestore {
  /** host:port, as the runtime config's emulatorHost. */
  host: string;
  port: number;
  requests: RecordedRequest[];
  /** Stores a document given as plain JS (see encodeValue) or, with `raw`, as Value JSON. */
  put(collection: string, id: string, document: Record<string, unknown>): void;
  putRaw(collection: string, id: string, fields: Record<string, FirestoreValue>): void;
  clear(): void;
  /** Answers the next matching request with this HTTP status and a Google API error body. */
  failNext(status: number, message: string): void;
  /** A Storage object whose metadata (and download token) getDownloadURL reads. */
  putStorageObject(bucket: string, path: string, token: string): void;
  stop(): Promise<void>;
}

export async function startFakeFirestore(projectId: string): Promise<FakeFirestore> {
  const documents = new Map<string, StoredDocument>();
  const storageObjects = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  let failure: { status: number; message: string } | null = null;
  const root = `projects/${projectId}/databases/(default)/documents`;
  const readTime = () => new Date().toISOString();

  const lookup = (document: StoredDocument, fieldPath: string): FirestoreValue | undefined => {
    if (fieldPath === '__name__') return { stringValue: document.name };
    let current: FirestoreValue | undefined = { mapValue: { fields: document.fields } };
    for (const part of fieldPath.split('.')) {
      current = current && 'mapValue' in current ? current.mapValue.fields?.[part] : undefined;
    }
    return current;
  };

  const matches = (document: StoredDocument, filter: FieldFilter): boolean => {
    const value = lookup(document, filter.field.fieldPath);
    if (filter.op !== 'EQUAL')
      throw new Error(`fake Firestore supports EQUAL filters only, got ${filter.op}`);
    return value !== undefined && equalValues(value, filter.value);
  };

  function runQuery(parent: string, query: StructuredQuery): StoredDocument[] {
    const collectionId = query.from?.[0]?.collectionId;
    const prefix = `${parent}/${collectionId}/`;
    let results = [...documents.values()].filter(
      (document) => document.name.startsWith(prefix) && !document.name.slice(prefix.length).includes('/'),
    );
    const filters = query.where?.fieldFilter
      ? [query.where.fieldFilter]
      : (query.where?.compositeFilter?.filters ?? []).flatMap((f) => (f.fieldFilter ? [f.fieldFilter] : []));
    results = results.filter((document) => filters.every((filter) => matches(document, filter)));
    const orderBy = query.orderBy ?? [];
    // Like Firestore, a document without an ordered-by field is not in the result at all.
    results = results.filter((document) =>
      orderBy.every((order) => lookup(document, order.field.fieldPath) !== undefined),
    );
    results.sort((a, b) => {
      for (const order of orderBy) {
        const diff = compareValues(lookup(a, order.field.fieldPath)!, lookup(b, order.field.fieldPath)!);
        if (diff !== 0) return order.direction === 'DESCENDING' ? -diff : diff;
      }
      return Buffer.compare(Buffer.from(a.name), Buffer.from(b.name));
    });
    const limit = typeof query.limit === 'number' ? query.limit : query.limit?.value;
    return limit === undefined ? results : results.slice(0, limit);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      requests.push({
        method: req.method ?? '',
        path: decodeURIComponent(url.pathname),
        body,
        headers: req.headers,
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(payload));
      };
      if (failure) {
        const { status, message } = failure;
        failure = null;
        send(status, [{ error: { code: status, message, status: 'PERMISSION_DENIED' } }]);
        return;
      }
      const path = decodeURIComponent(url.pathname);
      const firestore =
        /^\/v1\/(projects\/[^/]+\/databases\/[^/]+\/documents(?:\/.*)?):(runQuery|batchGet|commit)$/.exec(
          path,
        );
      if (firestore && req.method === 'POST') {
        const [, parent, rpc] = firestore;
        const request = body as {
          structuredQuery?: StructuredQuery;
          documents?: string[];
          writes?: { update?: { name: string; fields?: Record<string, FirestoreValue> } }[];
        };
        if (rpc === 'commit') {
          // Writes as firebase-admin sends them over REST (preferRest): whole-document sets only.
          const time = readTime();
          for (const write of request.writes ?? []) {
            if (!write.update) throw new Error('fake Firestore supports update writes only');
            const { name, fields = {} } = write.update;
            documents.set(name, { name, fields, createTime: time, updateTime: time });
          }
          send(200, {
            writeResults: (request.writes ?? []).map(() => ({ updateTime: time })),
            commitTime: time,
          });
        } else if (rpc === 'runQuery') {
          const found = runQuery(parent!, request.structuredQuery ?? {});
          send(
            200,
            found.length
              ? found.map((document) => ({ document, readTime: readTime() }))
              : [{ readTime: readTime() }],
          );
        } else {
          send(
            200,
            (request.documents ?? []).map((name) => {
              const document = documents.get(name);
              return document
                ? { found: document, readTime: readTime() }
                : { missing: name, readTime: readTime() };
            }),
          );
        }
        return;
      }
      const storage = /^\/v0\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
      if (storage && req.method === 'GET') {
        const bucket = decodeURIComponent(storage[1]!);
        const objectPath = decodeURIComponent(storage[2]!);
        const token = storageObjects.get(`${bucket}/${objectPath}`);
        if (token === undefined) {
          send(404, { error: { code: 404, message: 'Not Found.' } });
          return;
        }
        send(200, {
          name: objectPath,
          bucket,
          contentType: 'image/svg+xml',
          size: '1024',
          downloadTokens: token,
        });
        return;
      }
      send(404, {
        error: {
          code: 404,
          message: `fake Firestore has no route for ${req.method} ${path}`,
          status: 'NOT_FOUND',
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const time = '2026-01-01T00:00:00.000000Z';
  const putRaw = (collection: string, id: string, fields: Record<string, FirestoreValue>) => {
    const name = `${root}/${collection}/${id}`;
    documents.set(name, { name, fields, createTime: time, updateTime: time });
  };

  return {
    host: `127.0.0.1:${port}`,
    port,
    requests,
    put(collection, id, document) {
      putRaw(collection, id, encodeFields(document));
    },
    putRaw,
    clear() {
      documents.clear();
      requests.length = 0;
    },
    failNext(status, message) {
      failure = { status, message };
    },
    putStorageObject(bucket, path, token) {
      storageObjects.set(`${bucket}/${path}`, token);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
