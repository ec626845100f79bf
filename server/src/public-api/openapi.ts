import { MAX_REWARD_BOUND, SORT_FIELDS } from '@side-quest/data/bounty-query';
import { PUBLIC_STAGES } from '@side-quest/data/lifecycle';
import {
  API_DEFAULT_LIMIT,
  API_MAX_LIMIT,
  MAX_SEARCH_LENGTH,
  MAX_SKILL_LENGTH,
  MAX_SKILLS,
} from './apiQuery';
import { leaderboardPaths, leaderboardSchemas } from '../scored-bounties/leaderboardOpenApi';
import { sponsorPaths, sponsorSchemas } from '../sponsors/sponsorOpenApi';
import { talentPaths, talentSchemas } from '../trust/talentOpenApi';

/**
 * The OpenAPI 3.1 document served at GET /api/openapi.json. Its schemas are JSON Schema 2020-12; the
 * router's tests validate real answers against them, so the document cannot drift from the code.
 */

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const rateLimited = {
  ...errorResponse('Too many requests from this address; try again after Retry-After seconds.'),
  headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
};

const cachedHeaders = {
  ETag: { description: 'Of the body; send it back as If-None-Match.', schema: { type: 'string' } },
  'Cache-Control': { schema: { type: 'string', const: 'public, max-age=60' } },
};

const notModified = { description: 'The copy named by If-None-Match is current.' };

const string = (description: string, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  description,
  ...extra,
});

export function openApiDocument(origin: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Side Quest public read API',
      version: '1.0.0',
      description:
        "The bounties listed on the Side Quest marketplace, with the bounty list's own filters and sort; " +
        "public talent profiles, what skills pay, a suggested reward and each sponsor's record. " +
        'Read-only and public: no authentication, CORS open to any origin, rate limited per client address.',
    },
    servers: [{ url: origin }],
    paths: {
      '/api/v1/bounties': {
        get: {
          operationId: 'listBounties',
          summary: 'Bounties matching the filters, one page at a time',
          parameters: [
            { $ref: '#/components/parameters/q' },
            { $ref: '#/components/parameters/domain' },
            { $ref: '#/components/parameters/skill' },
            { $ref: '#/components/parameters/status' },
            { $ref: '#/components/parameters/stage' },
            { $ref: '#/components/parameters/sponsor' },
            { $ref: '#/components/parameters/min' },
            { $ref: '#/components/parameters/max' },
            { $ref: '#/components/parameters/sort' },
            { $ref: '#/components/parameters/dir' },
            { $ref: '#/components/parameters/limit' },
            { $ref: '#/components/parameters/cursor' },
            { $ref: '#/components/parameters/ifNoneMatch' },
          ],
          responses: {
            '200': {
              description: 'A page of matching bounties and the cursor of the next page.',
              headers: cachedHeaders,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/BountyPage' } } },
            },
            '304': notModified,
            '400': errorResponse('A parameter is invalid; the message names it.'),
            '429': rateLimited,
            '503': errorResponse('The bounty source cannot be read right now.'),
          },
        },
      },
      '/api/v1/bounties/{id}': {
        get: {
          operationId: 'getBounty',
          summary: 'One listed bounty',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1 } },
            { $ref: '#/components/parameters/ifNoneMatch' },
          ],
          responses: {
            '200': {
              description: 'The bounty.',
              headers: cachedHeaders,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Bounty' } } },
            },
            '304': notModified,
            '404': errorResponse('No listed bounty has this id.'),
            '429': rateLimited,
            '503': errorResponse('The bounty source cannot be read right now.'),
          },
        },
      },
      ...talentPaths,
      ...sponsorPaths,
      ...leaderboardPaths,
    },
    components: {
      parameters: {
        q: {
          name: 'q',
          in: 'query',
          description: 'Case-insensitive text in the title, summary or company.',
          schema: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
        },
        domain: {
          name: 'domain',
          in: 'query',
          description: 'Exactly this domain (e.g. Software, AI/ML, Engineering).',
          schema: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
        },
        skill: {
          name: 'skill',
          in: 'query',
          description: 'A bounty having any of the skills given (repeat the parameter), case-insensitively.',
          style: 'form',
          explode: true,
          schema: {
            type: 'array',
            maxItems: MAX_SKILLS,
            items: { type: 'string', minLength: 1, maxLength: MAX_SKILL_LENGTH },
          },
        },
        status: {
          name: 'status',
          in: 'query',
          description: 'Only open (deadline not passed, or none) or only closed bounties; both when absent.',
          schema: { type: 'string', enum: ['open', 'closed'] },
        },
        stage: {
          name: 'stage',
          in: 'query',
          description:
            'Only bounties hosted on Side Quest in this lifecycle stage (at the time of the answer); every bounty when absent.',
          schema: { type: 'string', enum: [...PUBLIC_STAGES] },
        },
        sponsor: {
          name: 'sponsor',
          in: 'query',
          description: 'verified: only bounties hosted on Side Quest by a sponsor Side Quest verified.',
          schema: { type: 'string', enum: ['verified'] },
        },
        min: {
          name: 'min',
          in: 'query',
          description: 'Lowest reward, whole US dollars, inclusive.',
          schema: { type: 'integer', minimum: 0, maximum: MAX_REWARD_BOUND },
        },
        max: {
          name: 'max',
          in: 'query',
          description: 'Highest reward, whole US dollars, inclusive; not below min.',
          schema: { type: 'integer', minimum: 0, maximum: MAX_REWARD_BOUND },
        },
        sort: {
          name: 'sort',
          in: 'query',
          description:
            "The order; reward by default. Bounties without a dated deadline sort last by deadline; pays orders by the sponsor's median days to pay (GET /api/v1/sponsors/{slug}), bounties without one last.",
          schema: { type: 'string', enum: [...SORT_FIELDS], default: 'reward' },
        },
        dir: {
          name: 'dir',
          in: 'query',
          description: 'Direction; by default desc for reward, asc for title, deadline and pays.',
          schema: { type: 'string', enum: ['asc', 'desc'] },
        },
        limit: {
          name: 'limit',
          in: 'query',
          description: 'Bounties per page.',
          schema: { type: 'integer', minimum: 1, maximum: API_MAX_LIMIT, default: API_DEFAULT_LIMIT },
        },
        cursor: {
          name: 'cursor',
          in: 'query',
          description:
            'The nextCursor of the previous page, with the same filters and sort; opaque. An edited cursor, ' +
            'or one from other filters, is a 400.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
        },
        ifNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          description: 'The ETag of a copy held; 304 without a body when it is current.',
          schema: { type: 'string' },
        },
      },
      headers: {
        RetryAfter: { description: 'Seconds to wait.', schema: { type: 'integer', minimum: 0 } },
      },
      schemas: {
        Bounty: {
          type: 'object',
          additionalProperties: false,
          required: [
            'id',
            'title',
            'company',
            'reward',
            'deadline',
            'status',
            'closesAt',
            'skills',
            'domain',
            'url',
            'summary',
            'createdAt',
            'stage',
            'overdue',
            'announcedAt',
            'paidAt',
          ],
          properties: {
            id: string('The bounty id.', { minLength: 1 }),
            title: string('May be empty for a bounty without a title.'),
            company: string('The company (platform) posting it.'),
            reward: { type: 'number', minimum: 0, description: 'US dollars; 0 when none is stated.' },
            deadline: string('As posted: a date (YYYY-MM-DD, or with a time) or text; empty when none.'),
            status: { type: 'string', enum: ['open', 'closed'], description: 'At the time of the answer.' },
            closesAt: {
              type: ['string', 'null'],
              format: 'date-time',
              description:
                'When it stops taking solutions (a date alone closes at its end, UTC); null when the deadline is no date.',
            },
            skills: { type: 'array', items: { type: 'string' } },
            domain: string('The domain, e.g. Software.'),
            url: string('The bounty page on the site.', { format: 'uri' }),
            summary: string('Plain-text summary.'),
            createdAt: { type: ['string', 'null'], format: 'date-time' },
            stage: {
              type: ['string', 'null'],
              enum: [...PUBLIC_STAGES, null],
              description:
                'For a bounty hosted on Side Quest, its lifecycle stage at the time of the answer (apart from status); null for an imported bounty.',
            },
            overdue: {
              type: ['object', 'null'],
              additionalProperties: false,
              required: ['kind', 'days', 'since'],
              description:
                'Judging past its deadline with no winners, or a winner still owed past the payment due date; null otherwise.',
              properties: {
                kind: { type: 'string', enum: ['judging', 'payment'] },
                days: { type: 'integer', minimum: 1 },
                since: { type: 'string', format: 'date-time' },
              },
            },
            announcedAt: {
              type: ['string', 'null'],
              format: 'date-time',
              description: 'When the winners were announced.',
            },
            paidAt: {
              type: ['string', 'null'],
              format: 'date-time',
              description:
                'When the last winner came to count as paid (confirmed, resolved Paid, or 14 days unreported).',
            },
          },
        },
        BountyPage: {
          type: 'object',
          additionalProperties: false,
          required: ['data', 'nextCursor'],
          properties: {
            data: { type: 'array', maxItems: API_MAX_LIMIT, items: { $ref: '#/components/schemas/Bounty' } },
            nextCursor: {
              type: ['string', 'null'],
              pattern: '^[A-Za-z0-9_-]+$',
              description: 'Pass as cursor for the next page; null on the last page.',
            },
          },
        },
        ...talentSchemas,
        ...sponsorSchemas,
        ...leaderboardSchemas,
        Error: {
          type: 'object',
          additionalProperties: false,
          required: ['success', 'message'],
          properties: { success: { const: false }, message: { type: 'string', minLength: 1 } },
        },
      },
    },
  };
}
