import {
  canaryBucket,
  createVisitorSlots,
  newVisitorSlot,
  parseVisitorSlot,
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
    expect(resolveReleases(snapshot(null), { visitorSlot: newVisitorSlot(), overrides: {} })).toEqual({
      compass: { version: '1.0.0-live', choice: 'live' },
    });
  });

  it('puts the canary share of any run of new visitors on the canary, each always on the same side', () => {
    for (const start of [0, 0.123, 0.5, 0.999]) {
      const nextSlot = createVisitorSlots(start);
      for (const count of [20, 200, 2000]) {
        const visitors = Array.from({ length: count }, () => nextSlot());
        for (const percent of [1, 10, 30, 50, 99]) {
          const onCanary = visitors.filter(
            (visitorSlot) =>
              resolveReleases(snapshot(percent), { visitorSlot, overrides: {} }).compass?.choice === 'canary',
          );
          // Within two visitors of the exact share, for any count (random draws: ±6 points at 200).
          expect(Math.abs(onCanary.length - (count * percent) / 100)).toBeLessThanOrEqual(2);
        }
      }
    }
    const slot = newVisitorSlot();
    expect(parseVisitorSlot(slot)).toBe(slot);
    expect(canaryBucket(slot, 'compass')).toBe(canaryBucket(slot, 'compass'));
  });

  it('reads only a slot from 0 to 99 from the cookie', () => {
    expect(['0', '7', '99'].map(parseVisitorSlot)).toEqual(['0', '7', '99']);
    for (const bad of [undefined, '', '100', '07', '-1', '1.5', 'a1', '3f2c8a4e-1d2b-4c3a-9e8f-0a1b2c3d4e5f'])
      expect(parseVisitorSlot(bad)).toBeNull();
  });

  it("honours a tester's override only for a release the registry has", () => {
    const visitor = { visitorSlot: null, overrides: parseOverrides('compass@0.9.0-old,stories@1.0.0-x') };
    expect(resolveReleases(snapshot(null), visitor).compass).toEqual({
      version: '0.9.0-old',
      choice: 'override',
    });
    expect(
      resolveReleases(snapshot(null), { visitorSlot: null, overrides: { compass: '6.6.6-unknown' } }).compass,
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
