import { BOUNTY_DOMAINS } from '@side-quest/data/forms';
import { HOSTED_LIMITS } from '@side-quest/data/lifecycle';
import {
  DIRECTORY_PAGE_MAX,
  DIRECTORY_SKILL_MAX,
  TALENT_PAGE_SIZE,
  WORK_KINDS,
} from '@side-quest/data/hiring';
import { MIN_COMPARABLE_BOUNTIES } from '@side-quest/data/trust';

/*
 * The talent part of the OpenAPI document (server/src/public-api/openapi.ts spreads these in): public
 * talent profiles, what skills pay and the reward suggestion. The answers are validated against these
 * schemas in talentApi.test.ts.
 */

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const json = (description: string, schema: string, cacheControl: string) => ({
  description,
  headers: {
    ETag: { description: 'Of the body; send it back as If-None-Match.', schema: { type: 'string' } },
    'Cache-Control': { schema: { type: 'string', const: cacheControl } },
  },
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

const usd = (description: string) => ({ type: 'number', minimum: 0, description });
const common = { '304': { description: 'The copy named by If-None-Match is current.' } };
const limited = error('Too many requests from this address; try again after Retry-After seconds.');

export const talentPaths = {
  '/api/v1/talent': {
    get: {
      operationId: 'listTalent',
      summary: 'The talent directory: public profiles, filtered, most proven wins first, in pages',
      description:
        'Only people who made their profile public are listed. An availability its person shows to ' +
        "verified sponsors' owners and admins only is never in this answer, nor matched by `work`.",
      parameters: [
        {
          name: 'skill',
          in: 'query',
          description: 'A proven skill (from bounties won), compared case-insensitively.',
          schema: { type: 'string', maxLength: DIRECTORY_SKILL_MAX },
        },
        {
          name: 'work',
          in: 'query',
          description: 'Only people open to work: `any`, or open to this kind of work.',
          schema: { type: 'string', enum: ['any', ...WORK_KINDS] },
        },
        {
          name: 'page',
          in: 'query',
          description: `Pages of ${TALENT_PAGE_SIZE}, from 1.`,
          schema: { type: 'integer', minimum: 1, maximum: DIRECTORY_PAGE_MAX, default: 1 },
        },
      ],
      responses: {
        '200': json('One page of the directory.', 'TalentList', 'no-cache'),
        ...common,
        '400': error('A filter or the page number names nothing.'),
        '429': limited,
      },
    },
  },
  '/api/v1/talent/{handle}': {
    get: {
      operationId: 'getTalent',
      summary: 'A public talent profile: bounties won, proven skills, submissions, member since',
      parameters: [{ name: 'handle', in: 'path', required: true, schema: { type: 'string', minLength: 1 } }],
      responses: {
        '200': json('The profile; earnings only when the person chose to show them.', 'Talent', 'no-cache'),
        ...common,
        '404': error('No public profile has this handle (unknown and private profiles alike).'),
        '429': limited,
      },
    },
  },
  '/api/v1/skills/pay': {
    get: {
      operationId: 'getSkillPay',
      summary: 'What each skill and area paid: prizes awarded and paid, median prize',
      description:
        'Awarded: the prizes of announced winners of public hosted bounties. Paid: the part confirmed by the ' +
        'winner, resolved Paid by staff, or recorded 14 days ago with no report.',
      responses: {
        '200': json('Per skill and per area, the most awarded first.', 'SkillPay', 'public, max-age=60'),
        ...common,
        '429': limited,
      },
    },
  },
  '/api/v1/reward-suggestion': {
    get: {
      operationId: 'getRewardSuggestion',
      summary: 'A reward suggested from what comparable bounties awarded',
      description:
        'Comparable: the same area and, when skills are given, at least one of them. The 25th, 50th and 75th ' +
        `percentile of what each awarded in all; null below ${MIN_COMPARABLE_BOUNTIES} comparable bounties.`,
      parameters: [
        {
          name: 'domain',
          in: 'query',
          required: true,
          schema: { type: 'string', enum: [...BOUNTY_DOMAINS] },
        },
        {
          name: 'skills',
          in: 'query',
          description: `Up to ${HOSTED_LIMITS.skillsMax} skills, comma-separated.`,
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': json('The suggestion.', 'RewardSuggestion', 'public, max-age=60'),
        ...common,
        '400': error('The area is missing or unknown, or too many skills are given.'),
        '429': limited,
      },
    },
  },
};

const payFigures = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'bounties', 'awarded', 'paid', 'medianPrize'],
  properties: {
    name: { type: 'string', minLength: 1 },
    bounties: { type: 'integer', minimum: 1, description: 'Bounties with announced winners.' },
    awarded: usd('Prizes awarded, US dollars.'),
    paid: usd('Of those, counted as paid.'),
    medianPrize: { type: ['number', 'null'], minimum: 0, description: 'Median of the prizes awarded.' },
  },
};

const percentileValue = { type: ['integer', 'null'], minimum: 0 };

export const talentSchemas = {
  TalentWin: {
    type: 'object',
    additionalProperties: false,
    required: ['bountyId', 'title', 'sponsor', 'domain', 'skills', 'prize', 'announcedAt', 'paid', 'demo'],
    properties: {
      bountyId: { type: 'string', minLength: 1 },
      title: { type: 'string' },
      sponsor: {
        type: 'object',
        additionalProperties: false,
        required: ['slug', 'name'],
        properties: { slug: { type: 'string' }, name: { type: 'string' } },
      },
      domain: { type: 'string' },
      skills: { type: 'array', items: { type: 'string' } },
      prize: usd('The prize won, US dollars.'),
      announcedAt: { type: ['string', 'null'], format: 'date-time' },
      paid: { type: 'boolean', description: 'Whether the prize counts as paid.' },
      demo: { type: 'boolean', description: 'Demo data of a fresh start.' },
    },
  },
  Talent: {
    type: 'object',
    additionalProperties: false,
    required: [
      'handle',
      'name',
      'memberSince',
      'wins',
      'provenSkills',
      'submissions',
      'earnings',
      'openToWork',
      'hiredBy',
      'url',
    ],
    properties: {
      handle: { type: 'string', minLength: 1 },
      name: { type: 'string', minLength: 1 },
      memberSince: { type: 'string', format: 'date-time' },
      wins: { type: 'array', items: { $ref: '#/components/schemas/TalentWin' } },
      provenSkills: {
        type: 'array',
        items: { type: 'string' },
        description: 'The skills of the bounties won, each once, the most proven first.',
      },
      submissions: {
        type: 'integer',
        minimum: 0,
        description: 'Solutions submitted (withdrawn not counted).',
      },
      earnings: {
        type: ['object', 'null'],
        additionalProperties: false,
        required: ['awarded', 'paid'],
        description: 'Null unless the person chose to show earnings.',
        properties: { awarded: usd('Prizes won.'), paid: usd('Of those, counted as paid.') },
      },
      openToWork: {
        oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/OpenToWork' }],
        description: 'Null unless the person is open to work and shows it to every visitor.',
      },
      hiredBy: {
        type: 'array',
        items: { type: 'string' },
        description:
          'Sponsors whose hire of this person both sides confirmed through an interview request, when the person chose to show it.',
      },
      url: { type: 'string', format: 'uri' },
    },
  },
  OpenToWork: {
    type: 'object',
    additionalProperties: false,
    required: ['kinds', 'remote', 'countries', 'availableFrom', 'audience'],
    properties: {
      kinds: { type: 'array', minItems: 1, items: { type: 'string', enum: [...WORK_KINDS] } },
      remote: { type: 'boolean' },
      countries: {
        type: 'array',
        items: { type: 'string', pattern: '^[A-Z]{2}$' },
        description: 'ISO 3166-1 alpha-2 codes.',
      },
      availableFrom: { type: ['string', 'null'], format: 'date', description: 'Null: now.' },
      audience: {
        type: 'string',
        const: 'everyone',
        description: 'The public API only ever shows an availability meant for every visitor.',
      },
    },
  },
  TalentList: {
    type: 'object',
    additionalProperties: false,
    required: ['data', 'page', 'pageSize', 'total', 'pages', 'skills'],
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['handle', 'name', 'bountiesWon', 'provenSkills', 'openToWork', 'url'],
          properties: {
            handle: { type: 'string', minLength: 1 },
            name: { type: 'string', minLength: 1 },
            bountiesWon: { type: 'integer', minimum: 0 },
            provenSkills: { type: 'array', items: { type: 'string' } },
            openToWork: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/OpenToWork' }] },
            url: { type: 'string', format: 'uri' },
          },
        },
      },
      page: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', const: TALENT_PAGE_SIZE },
      total: { type: 'integer', minimum: 0, description: 'Profiles matching the filters.' },
      pages: { type: 'integer', minimum: 1 },
      skills: {
        type: 'array',
        items: { type: 'string' },
        description: 'Every proven skill of the public profiles: the choices of `skill`.',
      },
    },
  },
  PayFigures: payFigures,
  SkillPay: {
    type: 'object',
    additionalProperties: false,
    required: ['skills', 'areas', 'demo'],
    properties: {
      skills: { type: 'array', items: { $ref: '#/components/schemas/PayFigures' } },
      areas: { type: 'array', items: { $ref: '#/components/schemas/PayFigures' } },
      demo: { type: 'boolean', description: 'Whether demo data of a fresh start is counted.' },
    },
  },
  RewardSuggestion: {
    type: 'object',
    additionalProperties: false,
    required: ['domain', 'skills', 'comparable', 'p25', 'p50', 'p75'],
    properties: {
      domain: { type: 'string', enum: [...BOUNTY_DOMAINS] },
      skills: { type: 'array', items: { type: 'string' } },
      comparable: { type: 'integer', minimum: 0, description: 'How many comparable bounties there are.' },
      p25: percentileValue,
      p50: percentileValue,
      p75: percentileValue,
    },
  },
};
