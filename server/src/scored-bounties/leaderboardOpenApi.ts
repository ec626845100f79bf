/*
 * The leaderboard's part of the OpenAPI document (server/src/public-api/openapi.ts spreads these in).
 * Answers are validated against these schemas in leaderboardRoutes.test.ts.
 */

const object = (properties: Record<string, unknown>, description?: string) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
  ...(description ? { description } : {}),
});
/** The schema with properties a response may leave out. */
const withOptional = (schema: ReturnType<typeof object>, properties: Record<string, unknown>) => ({
  ...schema,
  properties: { ...schema.properties, ...properties },
});
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export const leaderboardPaths = {
  '/api/v1/bounties/{id}/leaderboard': {
    get: {
      operationId: 'getLeaderboard',
      summary: "A scored bounty's leaderboard",
      description:
        'While entries are open, each entrant ranked by the public score of their best entry (scored on the public part of the sponsor’s answers). ' +
        'From the submission deadline, the revealed board: the private score of each entrant’s final entries, with each rank’s move from the public board. ' +
        'Ties go to the earlier entry. The sponsor’s baseline is shown apart, never ranked.',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1 } }],
      responses: {
        '200': {
          description: 'The board.',
          headers: {
            ETag: { description: 'Of the body; send it back as If-None-Match.', schema: { type: 'string' } },
            'Cache-Control': { schema: { type: 'string', const: 'no-cache' } },
          },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Leaderboard' } } },
        },
        '304': { description: 'The copy named by If-None-Match is current.' },
        '404': error('No public scored bounty has this id.'),
        '429': error('Too many requests from this address; try again after Retry-After seconds.'),
      },
    },
  },
};

export const leaderboardSchemas = {
  Leaderboard: withOptional(
    object({
      bountyId: { type: 'string' },
      title: { type: 'string' },
      metric: {
        type: 'string',
        enum: ['accuracy', 'macro_f1', 'roc_auc', 'log_loss', 'rmse', 'mae', 'tests_passed'],
        description: 'tests_passed: a test-scored bounty, ranked by tests passed (public, then hidden).',
      },
      metricLabel: { type: 'string' },
      direction: { type: 'string', enum: ['higher', 'lower'], description: 'Which scores are better.' },
      phase: {
        type: 'string',
        enum: ['public', 'private'],
        description:
          'public: ranked on public scores while open; private: the board revealed at the deadline.',
      },
      submissionDeadline: { type: 'string', format: 'date-time' },
      publicShare: {
        type: 'integer',
        minimum: 0,
        maximum: 90,
        description: 'Per cent of the answers that are public (10 to 90); 0 for a test-scored bounty.',
      },
      rows: {
        type: 'array',
        items: object({
          rank: { type: 'integer', minimum: 1 },
          entrant: {
            type: 'string',
            description: 'The public handle, or "Entrant 7" for a private profile.',
          },
          handle: { type: ['string', 'null'], description: 'The public profile’s handle, when public.' },
          score: { type: 'number' },
          entries: { type: 'integer', minimum: 1, description: 'The entrant’s scored entries.' },
          bestEntryAt: {
            type: 'string',
            format: 'date-time',
            description: 'When the entry behind the score was sent.',
          },
          move: {
            type: ['integer', 'null'],
            description: 'On the revealed board: places gained (positive) or lost against the public board.',
          },
        }),
      },
      baseline: {
        type: ['number', 'null'],
        description: 'The sponsor’s baseline on the same part of the answers; never ranked.',
      },
      removed: {
        type: 'array',
        description:
          'Entrants whose submission the sponsor did not accept (the reason is for its author only).',
        items: object({ entrant: { type: 'string' } }),
      },
      demo: { type: 'boolean', description: 'Demo data a fresh start seeds.' },
      keyPublished: {
        type: 'boolean',
        description:
          'Whether the sponsor published the answer key after the reveal (signed-in people may download it).',
      },
      url: { type: 'string', format: 'uri', description: 'The board’s page on the site.' },
    }),
    // A test-scored board after the deadline also says how many hidden runs are done (the reveal waits).
    { hiddenRuns: object({ done: { type: 'integer', minimum: 0 }, total: { type: 'integer', minimum: 0 } }) },
  ),
};
