import { startTestSite, type TestSite } from '../testing/testAccounts';
import { seedInterviewRequestDemo } from './hiringDemo';

// The demo history's interview requests (issue 46 item 7): on real demo submissions, once per database.
describe('the interview request demo history', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ SEED_DEMO: '1' });
  }, 60_000);
  afterAll(() => site.close());

  const idOf = async (handle: string) => {
    const adapter = (await site.stores.accounts.auth.$context).adapter;
    return (
      (await adapter.findOne({ model: 'user', where: [{ field: 'handle', value: handle }] })) as {
        id: string;
      }
    ).id;
  };

  it('holds an accepted request with a confirmed hire, a declined one and an open one, labelled demo', async () => {
    const store = site.stores.interviewRequests;
    const tomas = await store.forPerson(await idOf('tomas-novak'));
    const sofia = await store.forPerson(await idOf('sofia-reyes'));
    expect(tomas.map((request) => [request.state, request.demo, request.evidence.kind])).toEqual([
      ['accepted', true, 'submission'],
    ]);
    expect(sofia.map((request) => request.state).sort()).toEqual(['declined', 'open']);
    expect(sofia.find((request) => request.state === 'declined')?.declineReason).toMatch(/not looking/);
    const [hire] = await store.hiresOf(await idOf('tomas-novak'));
    expect(hire).toMatchObject({ state: 'confirmed', showOnProfile: true, kind: 'full-time' });
    expect([...(await store.confirmedHireCounts()).values()]).toEqual([1]);
  });

  it('never seeds twice', async () => {
    await seedInterviewRequestDemo(
      site.stores.accounts.auth,
      site.stores.lifecycle,
      site.stores.interviewRequests,
    );
    expect(await site.stores.interviewRequests.forPerson(await idOf('sofia-reyes'))).toHaveLength(2);
  });
});
