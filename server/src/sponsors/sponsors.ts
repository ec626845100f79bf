import type { Bounty } from '@side-quest/data/bounties';
import { stageOf } from '@side-quest/data/lifecycle';
import {
  bountiesBySponsor,
  trustRecord,
  type SponsorListEntry,
  type SponsorPageData,
} from '@side-quest/data/trust';
import type { HostedCatalogue } from '../lifecycle/hostedCatalogue';
import type { SponsorRecord } from '../organisations/organisations';

/** The figures hold a minute at most: their clocks (overdue days, unreported payments) move with time. */
const RECORD_MAX_AGE_MS = 60_000;

/** Open and judging bounties first (newest first), then the past ones by when they ended or were announced. */
function pageOrder(now: number) {
  const current = (bounty: Bounty) => {
    const stage = bounty.hosted ? stageOf(bounty.hosted, now) : null;
    return stage === 'open' || stage === 'judging' ? 0 : 1;
  };
  const latest = (bounty: Bounty) =>
    bounty.hosted?.endedAt ??
    bounty.hosted?.announcedAt ??
    bounty.hosted?.publishedAt ??
    bounty.created_at ??
    '';
  return (a: Bounty, b: Bounty) => current(a) - current(b) || latest(b).localeCompare(latest(a));
}

/**
 * The sponsors' public pages: an organisation has one once it has published a bounty here (before
 * that there is nothing to show, and an organisation's existence is not announced). The hosted list held
 * in memory is grouped by sponsor (and the sponsor list made) once per version of it; a record is
 * computed from its group once per version and at most once a minute. Nothing is redone per request.
 */
export function createSponsors(options: {
  hosted: HostedCatalogue;
  sponsorBySlug(slug: string): Promise<SponsorRecord | null>;
  /** Confirmed hires of an organisation (interview requests); none when not given. */
  hiredCount?: (organisationId: string) => Promise<number>;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const pages = new Map<string, { key: string; data: Promise<SponsorPageData | null> }>();

  const keyNow = () => `${options.hosted.version()}:${Math.floor(now() / RECORD_MAX_AGE_MS)}`;

  type Groups = ReturnType<typeof bountiesBySponsor<Bounty>>;
  let catalogue: { version: string; groups: Groups; entries: SponsorListEntry[] | null } | null = null;

  /** The hosted bounties by sponsor slug, grouped again only when the catalogue's version moves. */
  function current() {
    // list() first: it starts the catalogue's reload when due; the version is the loaded list's.
    const list = options.hosted.list();
    const version = options.hosted.version();
    if (catalogue?.version !== version)
      catalogue = { version, groups: bountiesBySponsor(list), entries: null };
    return catalogue;
  }

  async function build(slug: string): Promise<SponsorPageData | null> {
    const own = current().groups.get(slug);
    if (!own) return null;
    const organisation = await options.sponsorBySlug(slug);
    if (!organisation) return null;
    const at = now();
    return {
      sponsor: {
        slug: organisation.slug,
        name: organisation.name,
        website: organisation.website,
        logoUrl: organisation.logoUrl,
        verifiedAt: organisation.verifiedAt,
      },
      record: trustRecord(own, at),
      bounties: [...own].sort(pageOrder(at)),
      hired: (await options.hiredCount?.(organisation.id)) ?? 0,
    };
  }

  return {
    /** A sponsor's page data, or null when it has no public page. */
    page(slug: string): Promise<SponsorPageData | null> {
      // Only sponsors with a public bounty are kept, so made-up slugs cannot fill the memory.
      if (!current().groups.has(slug)) return Promise.resolve(null);
      const key = keyNow();
      const cached = pages.get(slug);
      if (cached?.key === key) return cached.data;
      const data = build(slug);
      pages.set(slug, { key, data });
      // A failed read is not kept: the next request tries again.
      data.catch(() => pages.delete(slug));
      return data;
    },

    /** Every sponsor with a public page, by name. */
    list(): readonly SponsorListEntry[] {
      const at = current();
      at.entries ??= [...at.groups]
        .map(([slug, own]) => ({
          slug,
          name: own[0]!.hosted.sponsor.name,
          verifiedAt: own[0]!.hosted.sponsor.verifiedAt,
          updatedAt:
            own
              .map((bounty) => bounty.hosted.endedAt ?? bounty.hosted.announcedAt ?? bounty.created_at ?? '')
              .sort()
              .at(-1) || null,
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en'));
      return at.entries;
    },
  };
}

export type Sponsors = ReturnType<typeof createSponsors>;
