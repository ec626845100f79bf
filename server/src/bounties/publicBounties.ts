import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { loadBountyList, type Bounty } from '@side-quest/data/bounties';
import {
  filterIndexed,
  indexBounties,
  sortByCreated,
  sortIndexed,
  type BountyFilters,
  type IndexedBounty,
  type SortDirection,
  type SortField,
} from '@side-quest/data/bounty-query';
import { getRuntimeConfig, setRuntimeConfig } from '@side-quest/data/config';
import { ROUTE_TABLE } from '@side-quest/data/routes';
import { withTimeout } from '@side-quest/data';
import { buildRuntimeConfig, type ServerConfig } from '../config/serverConfig';
import type { BountyStore } from './bountyStore';

/** How long reading the bounties from Firestore may take. */
const FIRESTORE_BUDGET_MS = 5_000;
/** The firestore list is read again after this long; the api store says itself when it changed. */
const FIRESTORE_CACHE_MS = 30_000;

/** The listed bounties at one version, indexed once for filtering and sorting. */
export interface BountySnapshot {
  /** Changes whenever the list does (for ETags). */
  version: string;
  entries: IndexedBounty[];
  byId: ReadonlyMap<string, Bounty>;
}

/** The marketplace's list as the feeds and the public API publish it. */
export interface PublicBounties {
  snapshot(req: Request): Promise<BountySnapshot>;
}

/** Thrown when the bounty source cannot be read: answered 503, never 500. */
export class BountiesUnavailable extends Error {}

function snapshotOf(version: string, bounties: Bounty[]): BountySnapshot {
  return {
    version,
    entries: indexBounties(bounties),
    byId: new Map(bounties.map((bounty) => [bounty.id, bounty])),
  };
}

/**
 * The high-value list the site links to, from the configured source, as the sitemap reads it: the api
 * store directly, or the `@side-quest/data/bounties` loader with BOUNTY_SOURCE=firestore. The index is
 * built once per version of the list, not per request.
 */
export function createPublicBounties(
  config: ServerConfig,
  store: BountyStore,
  selfOrigin: (req: Request) => string,
  now: () => number = Date.now,
): PublicBounties {
  let cached: { snapshot: BountySnapshot; at: number } | null = null;
  let loading: Promise<BountySnapshot> | null = null;

  async function fromFirestore(req: Request): Promise<BountySnapshot> {
    try {
      getRuntimeConfig();
    } catch {
      // The loader reads its settings from the runtime config; set it as server rendering does.
      const origin = selfOrigin(req);
      setRuntimeConfig({ ...buildRuntimeConfig(config, origin), apiBase: origin });
    }
    const { bounties } = await withTimeout(loadBountyList(), FIRESTORE_BUDGET_MS, 'Reading the bounties');
    const version = createHash('sha1').update(JSON.stringify(bounties)).digest('base64url');
    return snapshotOf(version, bounties);
  }

  return {
    async snapshot(req) {
      if (config.bountySource === 'api') {
        const { etag } = store.listResponse();
        if (cached?.snapshot.version !== etag)
          cached = { snapshot: snapshotOf(etag, store.list()), at: now() };
        return cached.snapshot;
      }
      if (cached && now() - cached.at < FIRESTORE_CACHE_MS) return cached.snapshot;
      // Concurrent requests share one read.
      loading ??= fromFirestore(req)
        .then((snapshot) => {
          cached = { snapshot, at: now() };
          return snapshot;
        })
        .catch((error: unknown) => {
          throw new BountiesUnavailable(error instanceof Error ? error.message : String(error));
        })
        .finally(() => {
          loading = null;
        });
      return loading;
    },
  };
}

/** A lone surrogate cannot be percent-encoded; a stored id should never hold one, but must not throw. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The absolute URL of a bounty's detail page, built from the route table's pattern. */
export function bountyDetailUrl(origin: string, id: string): string {
  const path = ROUTE_TABLE.bountyDetail.path.replace(
    ':id',
    encodeURIComponent(id.replace(LONE_SURROGATE, '\uFFFD')),
  );
  return `${origin}${path}`;
}

/** An order of the public list: one of the list's sort fields, or creation time (the feeds' default). */
export interface PublicOrder {
  field: SortField | 'created';
  direction: SortDirection;
}

const orders = new WeakMap<BountySnapshot, Map<string, IndexedBounty[]>>();

/** The snapshot's bounties in `order`, sorted once per snapshot and order (a snapshot is immutable). */
export function orderedEntries(snapshot: BountySnapshot, order: PublicOrder): IndexedBounty[] {
  let byOrder = orders.get(snapshot);
  if (!byOrder) orders.set(snapshot, (byOrder = new Map()));
  const key = `${order.field}:${order.direction}`;
  let sorted = byOrder.get(key);
  if (!sorted) {
    sorted =
      order.field === 'created'
        ? sortByCreated(snapshot.entries, order.direction)
        : sortIndexed(snapshot.entries, order.field, order.direction);
    byOrder.set(key, sorted);
  }
  return sorted;
}

/** The bounties that match `filters` at `now`, in `order`: the list's own rules, applied on the server. */
export function matchingBounties(
  snapshot: BountySnapshot,
  order: PublicOrder,
  filters: BountyFilters,
  now: number,
): Bounty[] {
  // Saved bounties live in one browser; the server never filters by them.
  return filterIndexed(orderedEntries(snapshot, order), { ...filters, savedOnly: false }, { now });
}
