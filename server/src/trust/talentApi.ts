import express, { type Request, type Router } from 'express';
import { BOUNTY_DOMAINS } from '@side-quest/data/forms';
import { HOSTED_LIMITS } from '@side-quest/data/lifecycle';
import { parseDirectoryQuery, type TalentDirectoryPage } from '@side-quest/data/hiring';
import { talentPath } from '@side-quest/data/trust';
import { searchParamsOf, sendCached } from '../http/cachedAnswer';
import { readRateLimit } from '../http/readRateLimit';
import { publicApiCors } from '../public-api/publicApiRouter';
import type { Talent } from './talentFeature';

const JSON_TYPE = 'application/json; charset=utf-8';
/** A profile made private must leave at once: revalidated on every read (the ETag still saves the body). */
const PERSONAL_CHOICE_CACHE = 'no-cache';
/** A skill name longer than this names no skill a bounty uses. */
const SKILL_MAX_CHARS = 60;

/** A directory page with each row's profile address. */
export function withProfileUrls(page: TalentDirectoryPage, origin: string) {
  return {
    ...page,
    data: page.data.map((entry) => ({ ...entry, url: `${origin}${talentPath(entry.handle)}` })),
  };
}

export type SuggestionQuery = { ok: true; domain: string; skills: string[] } | { ok: false; message: string };

/** `?domain=…&skills=a,b`: a known area and up to 8 skills; anything else is a 400 with what is wrong. */
export function parseSuggestionQuery(params: URLSearchParams): SuggestionQuery {
  const domain = (params.get('domain') ?? '').trim();
  const known = BOUNTY_DOMAINS.find((area) => area.toLowerCase() === domain.toLowerCase());
  if (!known) return { ok: false, message: `domain must be one of: ${BOUNTY_DOMAINS.join(', ')}.` };
  const skills = [
    ...new Set(
      params
        .getAll('skills')
        .flatMap((value) => value.split(','))
        .map((skill) => skill.trim())
        .filter(Boolean),
    ),
  ];
  if (skills.length > HOSTED_LIMITS.skillsMax)
    return { ok: false, message: `skills names at most ${HOSTED_LIMITS.skillsMax} skills.` };
  if (skills.some((skill) => skill.length > SKILL_MAX_CHARS))
    return { ok: false, message: `A skill has at most ${SKILL_MAX_CHARS} characters.` };
  return { ok: true, domain: known, skills };
}

/**
 * The talent part of the public read API, mounted at /api/v1 before the bounties' API (same CORS, same
 * read limit): GET /talent (the directory of public profiles: filters and pages), /talent/:handle (a public profile; a private or unknown
 * one is the same 404), /skills/pay (what each skill and area paid) and /reward-suggestion.
 */
export function createTalentApiRouter(options: {
  talent: Talent;
  publicOrigin(req: Request): string;
  readRateLimitPerMinute: number;
}): Router {
  const { talent } = options;
  const router = express.Router();
  const paths = ['/talent', '/talent/:handle', '/skills/pay', '/reward-suggestion'];
  router.use(paths, publicApiCors, readRateLimit(options.readRateLimitPerMinute));

  router.get('/talent', async (req, res, next) => {
    try {
      const parsed = parseDirectoryQuery(searchParamsOf(req));
      if (!parsed.ok) {
        res.setHeader('Cache-Control', 'no-cache');
        res.status(400).json({ success: false, message: parsed.message });
        return;
      }
      // The public's view: an availability for verified sponsors is neither shown nor filtered by.
      const page = await talent.directory(parsed.query, 'public');
      const body = withProfileUrls(page, options.publicOrigin(req));
      sendCached(req, res, JSON.stringify(body), JSON_TYPE, PERSONAL_CHOICE_CACHE);
    } catch (error) {
      next(error);
    }
  });

  router.get('/talent/:handle', async (req, res, next) => {
    try {
      const profile = await talent.profile(String(req.params.handle));
      if (!profile) {
        res.setHeader('Cache-Control', 'no-cache');
        res.status(404).json({ success: false, message: 'Talent profile not found.' });
        return;
      }
      const url = `${options.publicOrigin(req)}${talentPath(profile.handle)}`;
      sendCached(req, res, JSON.stringify({ ...profile, url }), JSON_TYPE, PERSONAL_CHOICE_CACHE);
    } catch (error) {
      next(error);
    }
  });

  router.get('/skills/pay', (req, res) => {
    sendCached(req, res, JSON.stringify(talent.skillPay()), JSON_TYPE);
  });

  router.get('/reward-suggestion', (req, res) => {
    const query = parseSuggestionQuery(searchParamsOf(req));
    if (!query.ok) {
      res.status(400).json({ success: false, message: query.message });
      return;
    }
    sendCached(req, res, JSON.stringify(talent.suggestion(query.domain, query.skills)), JSON_TYPE);
  });

  return router;
}
