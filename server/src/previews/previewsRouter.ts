import express, { type Request, type Response, type Router } from 'express';
import { isDocumentId, loadBounty, type Bounty } from '@side-quest/data/bounties';
import { getRuntimeConfig, setRuntimeConfig } from '@side-quest/data/config';
import { ROUTE_TABLE, sectionId } from '@side-quest/data/routes';
import { bountyPreviewVersion, cardPreviewVersion, type SectionPreviewCard } from '@side-quest/design';
import { buildRuntimeConfig, type ServerConfig } from '../config/serverConfig';
import type { BountyStore } from '../bounties/bountyStore';
import { withTimeout } from '@side-quest/data';
import type { PreviewContent } from './layout';
import { talentPreviewCard, type TalentProfile } from '@side-quest/data/trust';
import { SITE_PREVIEW, bountyPreview, readPreviewCard, storyPreview, talentPreview } from './previewContent';
import { PreviewsBusyError, createPreviewImages, previewEtag, type PreviewImages } from './renderPreview';

/** The stories remote's page module, whose `previewCard` describes a story's image. */
const STORY_SECTION = sectionId(ROUTE_TABLE.storyDetail.section);
/** How long the story module may take to load, and its `previewCard` or a Firestore read to answer. */
const CODE_BUDGET_MS = 1_000;
const DATA_BUDGET_MS = 1_000;
/** Firestore's own limit for a document id; longer keys name nothing. */
const MAX_KEY_BYTES = 1500;
/**
 * A URL whose `?v=` is the current content version is what a page links to: cached for a week (not
 * for ever, so a new drawing reaches it). Any other URL may show changed content: an hour.
 */
const CURRENT_CACHE = 'public, max-age=604800';
const DEFAULT_CACHE = 'public, max-age=3600';
/** A failing source is reported at most this often, not on every crawler request. */
const FAILURE_LOG_INTERVAL_MS = 60_000;

/** What the router needs from server rendering: a route section's module. */
export interface SectionLoader {
  loadSection<T>(id: string, selfOrigin: string, budgetMs: number): Promise<T>;
}

export interface PreviewsRouterOptions {
  config: ServerConfig;
  /** The api bounty source's store (the firestore source is read through its loader). */
  bounties: BountyStore;
  /** Loads the stories remote's page module; null answers story images 503. */
  sections: SectionLoader | null;
  /** Where this server answers on loopback: server containers and their API calls are read from there. */
  selfOrigin(req: Request): string;
  images?: PreviewImages;
  log?: (message: string) => void;
  /** Public talent profiles (null for an unknown or private handle); without it, talent images are 404. */
  talent?: { profile(handle: string): Promise<TalentProfile | null> };
}

/** The content could not be read now (a source failed or is slow): worth retrying, not a 404. */
class Unavailable extends Error {}

function plain(res: Response, status: number, text: string) {
  res.status(status).type('text/plain').send(text);
}

/** `name.png` → `name` (Express has decoded the segment), or null when no image can have that name. */
function keyOf(file: string): string | null {
  if (!file.endsWith('.png')) return null;
  const key = file.slice(0, -'.png'.length);
  return key && Buffer.byteLength(key) <= MAX_KEY_BYTES ? key : null;
}

/**
 * GET /og/site.png, /og/bounty/:id.png, /og/story/:slug.png and /og/talent/:handle.png: the link-preview images (1200×630 PNG)
 * that every page's `og:image` points at. Anything else under /og, and an unknown bounty or story, is a
 * plain-text 404, never the site's HTML.
 */
export function createPreviewsRouter(options: PreviewsRouterOptions): Router {
  const { config } = options;
  const images = options.images ?? createPreviewImages();
  const log = options.log ?? ((message: string) => console.error(message));
  const router = express.Router();
  let lastFailureLog = 0;

  function unavailable(res: Response, error: unknown) {
    const now = Date.now();
    if (now - lastFailureLog >= FAILURE_LOG_INTERVAL_MS) {
      lastFailureLog = now;
      log(
        `Preview image unavailable: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    }
    res.setHeader('Retry-After', '30');
    res.setHeader('Cache-Control', 'no-store');
    plain(res, 503, 'Preview image unavailable, try again later');
  }

  async function sendImage(req: Request, res: Response, content: PreviewContent, version: string | null) {
    // The ETag comes from the content alone, so a revalidation is answered without drawing anything.
    res.setHeader('ETag', previewEtag(content));
    res.setHeader('Cache-Control', version && req.query.v === version ? CURRENT_CACHE : DEFAULT_CACHE);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    try {
      const png = await images.png(content);
      res.type('image/png').send(png);
    } catch (error) {
      res.removeHeader('ETag');
      res.setHeader('Cache-Control', 'no-store');
      if (error instanceof PreviewsBusyError) {
        res.setHeader('Retry-After', '5');
        plain(res, 503, 'Busy, try again shortly');
        return;
      }
      console.error('Preview image could not be drawn', error);
      plain(res, 500, 'Preview image could not be drawn');
    }
  }

  /** The firestore loaders read runtime config; set it as server rendering does, unless it already did. */
  function ensureRuntimeConfig(req: Request) {
    try {
      getRuntimeConfig();
    } catch {
      const origin = options.selfOrigin(req);
      setRuntimeConfig({ ...buildRuntimeConfig(config, origin), apiBase: origin });
    }
  }

  async function findBounty(req: Request, id: string): Promise<Bounty | null> {
    if (config.bountySource === 'api') return options.bounties.get(id);
    if (!isDocumentId(id)) return null;
    ensureRuntimeConfig(req);
    try {
      return await withTimeout(loadBounty(id), DATA_BUDGET_MS, 'Reading the bounty');
    } catch (error) {
      throw new Unavailable(error instanceof Error ? error.message : String(error));
    }
  }

  async function findStory(req: Request, slug: string) {
    if (!options.sections) throw new Unavailable('no server containers');
    try {
      const module = await options.sections.loadSection<{ previewCard?: SectionPreviewCard }>(
        STORY_SECTION,
        options.selfOrigin(req),
        CODE_BUDGET_MS,
      );
      // An older build of the remote has no previewCard yet: unavailable, not unknown.
      if (typeof module.previewCard !== 'function') throw new Error(`${STORY_SECTION} has no previewCard`);
      const value: unknown = await withTimeout(module.previewCard(slug), DATA_BUDGET_MS, 'previewCard');
      if (value === null) return null;
      const card = readPreviewCard(value);
      if (!card) throw new Error(`${STORY_SECTION} previewCard answered no card`);
      return card;
    } catch (error) {
      throw new Unavailable(error instanceof Error ? error.message : String(error));
    }
  }

  router.get('/site.png', async (req, res) => {
    await sendImage(req, res, SITE_PREVIEW, null);
  });

  router.get('/bounty/:file', async (req, res) => {
    const id = keyOf(req.params.file);
    let bounty: Bounty | null = null;
    try {
      bounty = id ? await findBounty(req, id) : null;
    } catch (error) {
      unavailable(res, error);
      return;
    }
    if (!bounty) {
      plain(res, 404, 'Bounty not found');
      return;
    }
    await sendImage(req, res, bountyPreview(bounty), bountyPreviewVersion(bounty));
  });

  router.get('/story/:file', async (req, res) => {
    const slug = keyOf(req.params.file);
    let card = null;
    try {
      card = slug ? await findStory(req, slug) : null;
    } catch (error) {
      unavailable(res, error);
      return;
    }
    if (!card) {
      plain(res, 404, 'Story not found');
      return;
    }
    await sendImage(req, res, storyPreview(card), cardPreviewVersion(card));
  });

  router.get('/talent/:file', async (req, res) => {
    const handle = keyOf(req.params.file);
    let profile: TalentProfile | null = null;
    try {
      profile = handle && options.talent ? await options.talent.profile(handle) : null;
    } catch (error) {
      unavailable(res, error);
      return;
    }
    if (!profile) {
      plain(res, 404, 'Profile not found');
      return;
    }
    const card = talentPreviewCard(profile);
    await sendImage(req, res, talentPreview(card), cardPreviewVersion(card));
  });

  router.use((_req, res) => {
    plain(res, 404, 'Not found');
  });

  return router;
}
