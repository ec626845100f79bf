import { storeAdapters } from '../testing/testStoreAdapters';
import { HIRING_DB_FILE, createHiringStore, readAvailability, type HiringStore } from './hiringStore';

const adapters = storeAdapters('hiring', HIRING_DB_FILE, createHiringStore);

const availability = {
  kinds: ['freelance' as const, 'full-time' as const],
  remote: false,
  countries: ['DE'],
  availableFrom: '2027-02-01',
  audience: 'verified-sponsors' as const,
};
const at = '2026-11-30T10:00:00.000Z';

describe.each(adapters)('the hiring store on %s', (_name, open) => {
  let store: HiringStore;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ store, close } = await open());
  });
  afterEach(() => close());

  it('knows nothing of a person until they choose: not open to work, interview requests on', async () => {
    expect(await store.preferences('u1')).toEqual({
      openToWorkOn: false,
      openToWork: null,
      interviewRequestsOn: true,
    });
    expect(await store.openToWorkByUser()).toEqual(new Map());
  });

  it('saves an availability, switches it off at once keeping the details, and on again', async () => {
    await store.saveOpenToWork('u1', availability, at);
    expect(await store.preferences('u1')).toEqual({
      openToWorkOn: true,
      openToWork: availability,
      interviewRequestsOn: true,
    });
    expect([...(await store.openToWorkByUser())]).toEqual([['u1', availability]]);

    await store.switchOffOpenToWork('u1', at);
    expect(await store.preferences('u1')).toMatchObject({ openToWorkOn: false, openToWork: availability });
    expect(await store.openToWorkByUser()).toEqual(new Map());

    const everyone = { ...availability, audience: 'everyone' as const };
    await store.saveOpenToWork('u1', everyone, at);
    expect((await store.openToWorkByUser()).get('u1')).toEqual(everyone);
  });

  it('turns interview requests off and on, apart from the availability', async () => {
    await store.setInterviewRequests('u2', false, at);
    expect(await store.preferences('u2')).toEqual({
      openToWorkOn: false,
      openToWork: null,
      interviewRequestsOn: false,
    });
    await store.saveOpenToWork('u2', availability, at);
    expect((await store.preferences('u2')).interviewRequestsOn).toBe(false);
    await store.setInterviewRequests('u2', true, at);
    expect((await store.preferences('u2')).interviewRequestsOn).toBe(true);
  });

  it('forgets a person entirely', async () => {
    await store.saveOpenToWork('u3', availability, at);
    await store.removePerson('u3');
    expect((await store.preferences('u3')).openToWork).toBeNull();
    expect(await store.openToWorkByUser()).toEqual(new Map());
  });
});

describe('readAvailability', () => {
  it('never widens what it cannot read to the public', () => {
    expect(readAvailability('{"kinds":["freelance"],"remote":true,"audience":"friends"}')).toBeNull();
    expect(readAvailability('{"kinds":[],"audience":"everyone"}')).toBeNull();
    expect(readAvailability('not json')).toBeNull();
    expect(readAvailability(null)).toBeNull();
  });
});
