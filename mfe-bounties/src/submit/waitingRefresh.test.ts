import { waitingRefreshMeta, waitingRefreshUrl } from './waitingRefresh';

describe('the refresh while an entry waits for its score (without JavaScript)', () => {
  it('goes to the entries by a URL other than the one shown, so each refresh reloads', () => {
    // After the entry's 303: the page shows ?done=entry-queued#entries.
    expect(waitingRefreshUrl('/submit/sq-1', '?done=entry-queued')).toBe('/submit/sq-1?waiting=1#entries');
    expect(waitingRefreshUrl('/submit/sq-1', '?waiting=1')).toBe('/submit/sq-1?waiting=2#entries');
    expect(waitingRefreshUrl('/submit/sq-1', '?waiting=2')).toBe('/submit/sq-1?waiting=1#entries');
    expect(waitingRefreshUrl('/submit/sq-1', '')).toBe('/submit/sq-1?waiting=1#entries');
  });

  it('is a meta refresh every 5 s, its URL escaped for the attribute', () => {
    expect(waitingRefreshMeta('/submit/sq-1', '')).toBe(
      '<meta http-equiv="refresh" content="5; url=/submit/sq-1?waiting=1#entries">',
    );
    expect(waitingRefreshMeta('/submit/"x', '')).not.toContain('"x');
  });
});
