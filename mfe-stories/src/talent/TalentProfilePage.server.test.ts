/**
 * @jest-environment node
 */
// Node, as the server: a section's prefetch exists only where there is no window (server-only code).
import { createQueryClient } from '@side-quest/data';
import { prefetch, sitemapEntries } from './TalentProfilePage';
import { adaProfile, mockTalentApi } from '../testing/talentFixtures';

const answers = mockTalentApi();
const profile = adaProfile;

describe('TalentProfilePage on the server', () => {
  it('answers 404 to server rendering for a private handle, and lists only public profiles', async () => {
    answers['/api/v1/talent/ada'] = { status: 200, body: profile };
    answers['/api/v1/talent?page=1'] = {
      status: 200,
      body: { data: [{ handle: 'ada', name: 'Ada', bountiesWon: 1 }], pages: 2 },
    };
    answers['/api/v1/talent?page=2'] = {
      status: 200,
      body: { data: [{ handle: 'bo', name: 'Bo', bountiesWon: 0 }], pages: 2 },
    };
    const params = (handle: string) => ({
      queryClient: createQueryClient(),
      params: { handle },
      search: new URLSearchParams(),
    });
    expect(await prefetch!(params('ada'))).toEqual({ notFound: false });
    expect(await prefetch!(params('hidden'))).toEqual({ notFound: true });
    expect(await sitemapEntries!()).toEqual([{ path: '/talent/ada' }, { path: '/talent/bo' }]);
  });
});
