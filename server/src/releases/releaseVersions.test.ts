import {
  canaryBucket,
  newVisitorId,
  parseOverrides,
  parseReleaseParam,
  resolveReleases,
  serializeOverrides,
  type ReleaseSnapshot,
} from './releaseVersions';

const snapshot = (canaryPercent: number | null): ReleaseSnapshot => ({
  remotes: {
    compass: {
      name: 'compass',
      live: '1.0.0-live',
      previous: [],
      canary: canaryPercent === null ? null : { version: '1.1.0-new', percent: canaryPercent },
      versions: new Set(['1.0.0-live', '1.1.0-new', '0.9.0-old']),
    },
  },
});

describe('which release a page load gets', () => {
  it('gives everyone the live version without a canary', () => {
    expect(resolveReleases(snapshot(null), { visitorId: newVisitorId(), overrides: {} })).toEqual({
      compass: { version: '1.0.0-live', choice: 'live' },
    });
  });

  it('puts about the canary share of visitors on the canary, each always on the same side', () => {
    const visitors = Array.from({ length: 2000 }, () => newVisitorId());
    const onCanary = visitors.filter(
      (visitorId) => resolveReleases(snapshot(30), { visitorId, overrides: {} }).compass?.choice === 'canary',
    );
    expect(onCanary.length / visitors.length).toBeGreaterThan(0.26);
    expect(onCanary.length / visitors.length).toBeLessThan(0.34);
    for (const visitorId of visitors.slice(0, 50))
      expect(canaryBucket(visitorId, 'compass')).toBe(canaryBucket(visitorId, 'compass'));
  });

  it("honours a tester's override only for a release the registry has", () => {
    const visitor = { visitorId: null, overrides: parseOverrides('compass@0.9.0-old,stories@1.0.0-x') };
    expect(resolveReleases(snapshot(null), visitor).compass).toEqual({
      version: '0.9.0-old',
      choice: 'override',
    });
    expect(
      resolveReleases(snapshot(null), { visitorId: null, overrides: { compass: '6.6.6-unknown' } }).compass,
    ).toEqual({ version: '1.0.0-live', choice: 'live' });
  });

  it('reads ?release= values strictly: a known remote and a plain version, or reset', () => {
    expect(parseReleaseParam('compass@1.1.0-new')).toEqual({ name: 'compass', version: '1.1.0-new' });
    expect(parseReleaseParam('reset')).toBe('reset');
    for (const bad of ['compass', '@1.0', 'evil@1.0', 'compass@https://x.test/e.js', 'compass@../../etc'])
      expect(parseReleaseParam(bad)).toBeNull();
    expect(serializeOverrides({ stories: '2.0.0-a', compass: '1.0.0-b' })).toBe(
      'compass@1.0.0-b,stories@2.0.0-a',
    );
  });
});
