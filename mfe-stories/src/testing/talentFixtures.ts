import { apiSourceConfig } from '@side-quest/data/testing';
import type { TalentProfile } from '@side-quest/data/trust';
import { setRuntimeConfig } from '@side-quest/data';

/** A public talent profile with one paid win. */
export const adaProfile: TalentProfile = {
  handle: 'ada',
  name: 'Ada Lovelace',
  memberSince: '2026-03-14T10:00:00.000Z',
  submissions: 4,
  provenSkills: ['Python', 'C++'],
  earnings: null,
  wins: [
    {
      bountyId: 'b 1',
      title: 'Halve the cold start',
      sponsor: { slug: 'northwind', name: 'Northwind Freight' },
      domain: 'Software',
      skills: ['Python', 'C++'],
      prize: 2500,
      announcedAt: '2026-05-02T09:00:00.000Z',
      paid: true,
      demo: true,
    },
  ],
};

/**
 * The site's API as the talent pages' tests see it: each test sets what a path answers (404 otherwise),
 * with the runtime config pointing the pages at it. Call in a test file's top level.
 */
export function mockTalentApi(): Record<string, { status: number; body: unknown }> {
  const answers: Record<string, { status: number; body: unknown }> = {};
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });
  beforeEach(() => {
    setRuntimeConfig(apiSourceConfig());
    for (const path of Object.keys(answers)) delete answers[path];
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      const path = String(url).replace(/^https?:\/\/[^/]+/, '');
      const answer = answers[path] ?? { status: 404, body: { success: false, message: 'Not found' } };
      return {
        ok: answer.status < 400,
        status: answer.status,
        statusText: '',
        json: async () => answer.body,
        text: async () => JSON.stringify(answer.body),
      };
    }) as unknown as typeof fetch;
  });
  return answers;
}
