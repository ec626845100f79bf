import Database from 'better-sqlite3';
import { ReleaseError, createSqliteReleaseStore, type ReleaseStore } from './releaseStore';

const built = (version: string) => ({
  name: 'compass' as const,
  version,
  commit: 'abc1234',
  builtAt: '2026-11-23T10:00:00Z',
});

describe('release registry (SQLite)', () => {
  let store: ReleaseStore;
  beforeEach(async () => {
    store = createSqliteReleaseStore(new Database(':memory:'));
    for (const version of ['0.1.0-aaa', '0.1.0-bbb', '0.1.0-ccc'])
      await store.addRelease(built(version), 'ci');
  });

  const compass = async () => (await store.states()).find((state) => state.name === 'compass');

  it('never registers the same version twice', async () => {
    await expect(store.addRelease(built('0.1.0-aaa'), 'ci')).rejects.toThrow(ReleaseError);
  });

  it('promotes, keeps the history, and rolls back one step at a time', async () => {
    await store.promote('compass', '0.1.0-aaa', 'ana');
    await store.promote('compass', '0.1.0-bbb', 'ana');
    expect(await compass()).toMatchObject({ live: '0.1.0-bbb', previous: ['0.1.0-aaa'], canary: null });
    await store.rollback('compass', 'ben');
    expect(await compass()).toMatchObject({ live: '0.1.0-aaa', previous: [] });
    await store.rollback('compass', 'ben');
    expect(await compass()).toMatchObject({ live: null });
    await expect(store.rollback('compass', 'ben')).rejects.toThrow('no live release');
  });

  it('refuses a version that was never released', async () => {
    await expect(store.promote('compass', '9.9.9-zzz', 'ana')).rejects.toThrow('is not a release');
  });

  it('runs a canary beside the live version; finish makes it live, rollback ends it', async () => {
    await store.promote('compass', '0.1.0-aaa', 'ana');
    await store.startCanary('compass', '0.1.0-bbb', 10, 'ana');
    expect(await compass()).toMatchObject({
      live: '0.1.0-aaa',
      canary: { version: '0.1.0-bbb', percent: 10 },
    });
    await store.rollback('compass', 'ben');
    expect(await compass()).toMatchObject({ live: '0.1.0-aaa', canary: null });
    await store.startCanary('compass', '0.1.0-ccc', 30, 'ana');
    await store.finishCanary('compass', 'ana');
    expect(await compass()).toMatchObject({ live: '0.1.0-ccc', canary: null, previous: ['0.1.0-aaa'] });
  });

  it('does not prune what is live or in canary, and keeps an audit log of who did what', async () => {
    await store.promote('compass', '0.1.0-aaa', 'ana');
    await expect(store.removeRelease('compass', '0.1.0-aaa', 'ops')).rejects.toThrow('in use');
    await store.removeRelease('compass', '0.1.0-bbb', 'ops');
    expect((await store.releases('compass')).map((release) => release.version)).not.toContain('0.1.0-bbb');
    const [last, promote] = await store.audit();
    expect(last).toMatchObject({ by: 'ops', action: 'prune', name: 'compass', from: '0.1.0-bbb', to: null });
    expect(promote).toMatchObject({ by: 'ana', action: 'promote', from: null, to: '0.1.0-aaa' });
  });
});
