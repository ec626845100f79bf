import { idleReleases, releaseToEvict, type KeptRelease } from './releaseRetirement';

const kept = (key: string, lastUsed: number, pinned = false, inFlight = 0): KeptRelease => ({
  key,
  lastUsed,
  pinned,
  inFlight,
});

describe('retiring kept releases', () => {
  it('evicts nothing while there is room', () => {
    expect(releaseToEvict([], 2)).toBeNull();
    expect(releaseToEvict([kept('compass@2', 10)], 2)).toBeNull();
  });

  it('evicts the least recently used release that is not a running canary', () => {
    expect(releaseToEvict([kept('compass@2', 30), kept('stories@5', 10), kept('bounties@3', 20)], 3)).toBe(
      'stories@5',
    );
    expect(releaseToEvict([kept('compass@2', 30), kept('stories@5', 10, true)], 2)).toBe('compass@2');
  });

  it('is full when every kept release is a running canary, or none may be kept', () => {
    expect(releaseToEvict([kept('compass@2', 30, true), kept('stories@5', 10, true)], 2)).toBe('full');
    expect(releaseToEvict([], 0)).toBe('full');
  });

  it('retires releases idle for the idle time, never a running canary or one rendering a page', () => {
    const now = 1_000_000;
    expect(
      idleReleases(
        [
          kept('compass@2', now - 600_000),
          kept('stories@5', now - 599_999),
          kept('bounties@3', 0, true),
          kept('clients@4', 0, false, 1),
        ],
        now,
        600_000,
      ),
    ).toEqual(['compass@2']);
  });
});
