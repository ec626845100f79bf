/*
 * The sponsors' part of the OpenAPI document (server/src/public-api/openapi.ts spreads these in): the
 * sponsors with a public page and each one's record. The answers are validated against these schemas
 * in sponsorRoutes.test.ts; docs/decisions.md ("Trust and proof") has the formulas.
 */

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const json = (description: string, schema: string) => ({
  description,
  headers: {
    ETag: { description: 'Of the body; send it back as If-None-Match.', schema: { type: 'string' } },
    'Cache-Control': { schema: { type: 'string', const: 'public, max-age=60' } },
  },
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

const common = { '304': { description: 'The copy named by If-None-Match is current.' } };
const limited = error('Too many requests from this address; try again after Retry-After seconds.');

const ids = { type: 'array', items: { type: 'string' }, description: 'The bounties the figure counts.' };
const count = { type: 'integer', minimum: 0 };
const nullableDate = { type: ['string', 'null'], format: 'date-time' };
const object = (properties: Record<string, unknown>, description?: string) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
  ...(description ? { description } : {}),
});
const ended = object({
  id: { type: 'string' },
  title: { type: 'string' },
  reason: { type: ['string', 'null'], description: 'The public reason the sponsor gave.' },
  afterSubmissions: {
    type: 'boolean',
    description: 'It had received submissions: it counts against the record.',
  },
});
const timing = (description: string) =>
  object(
    {
      medianDays: { type: ['number', 'null'], minimum: 0, description: 'Null with nothing to measure.' },
      onTime: count,
      due: count,
      bountyIds: ids,
    },
    description,
  );

export const sponsorPaths = {
  '/api/v1/sponsors': {
    get: {
      operationId: 'listSponsors',
      summary: 'Every sponsor with a public page',
      description: 'A sponsor organisation has a public page once it has published a bounty on Side Quest.',
      responses: { '200': json('The sponsors, by name.', 'SponsorList'), ...common, '429': limited },
    },
  },
  '/api/v1/sponsors/{slug}': {
    get: {
      operationId: 'getSponsor',
      summary: "A sponsor's record, computed from its bounties' lifecycle, and its bounties",
      parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string', minLength: 1 } }],
      responses: {
        '200': json('The sponsor, its record and its bounties (open first).', 'Sponsor'),
        ...common,
        '404': error('No sponsor with a public page has this slug.'),
        '429': limited,
      },
    },
  },
};

export const sponsorSchemas = {
  SponsorList: object({
    data: {
      type: 'array',
      items: object({
        slug: { type: 'string' },
        name: { type: 'string' },
        verifiedAt: nullableDate,
        updatedAt: { ...nullableDate, description: 'The latest change to its bounties.' },
        url: { type: 'string', format: 'uri', description: 'Its page on the site.' },
      }),
    },
  }),
  Sponsor: object({
    slug: { type: 'string' },
    name: { type: 'string' },
    website: { type: 'string' },
    logoUrl: { type: ['string', 'null'], description: 'A path on the site.' },
    verifiedAt: nullableDate,
    url: { type: 'string', format: 'uri' },
    feedUrl: { type: 'string', format: 'uri', description: 'Its bounties as RSS.' },
    record: { $ref: '#/components/schemas/SponsorRecord' },
    bounties: { type: 'array', items: { $ref: '#/components/schemas/Bounty' } },
  }),
  SponsorRecord: object(
    {
      posted: object({ count, bountyIds: ids }),
      announced: object({ count, bountyIds: ids }, 'Bounties whose winners were announced.'),
      cancelled: { type: 'array', items: ended },
      closedWithoutWinner: { type: 'array', items: ended },
      completion: object(
        { completed: count, ended: count, bountyIds: ids },
        'Of the bounties that received submissions and ended, how many ended with winners announced.',
      ),
      money: object(
        {
          announced: { type: 'number', minimum: 0 },
          paid: { type: 'number', minimum: 0 },
          paidShare: { type: ['number', 'null'], minimum: 0, maximum: 1 },
          bountyIds: ids,
        },
        'Prize money (USD) announced to winners, and the part counted as paid: confirmed by the winner, resolved Paid by staff, or recorded 14 days ago with no report.',
      ),
      winners: object({ count, paid: count, bountyIds: ids }),
      announcing: timing(
        'Days from the submission deadline to the announcement (never below 0); on time: by the judging deadline. Judging past its deadline with no announcement is due and late.',
      ),
      paying: timing(
        'Days from the announcement to the recorded payment, for payments the winner confirmed or staff resolved Paid; on time: recorded by the due date and counted as paid.',
      ),
      overdue: {
        type: 'array',
        items: object({
          id: { type: 'string' },
          title: { type: 'string' },
          overdue: object({
            kind: { type: 'string', enum: ['judging', 'payment'] },
            days: { type: 'integer', minimum: 1 },
            since: { type: 'string', format: 'date-time' },
          }),
        }),
      },
      outOfOrderWinners: {
        type: 'array',
        description:
          'Winners of a scored bounty announced out of the final leaderboard’s order, with the public reason the sponsor gave.',
        items: object({
          id: { type: 'string' },
          title: { type: 'string' },
          slot: { type: 'integer', minimum: 1 },
          reason: { type: 'string' },
        }),
      },
      hasHistory: { type: 'boolean', description: 'False for a new sponsor: no bounty ended yet.' },
      demo: { type: 'boolean', description: 'Built from the demo data a fresh start seeds.' },
    },
    'Computed from the lifecycle data only; every figure names the bounties it counts.',
  ),
};
