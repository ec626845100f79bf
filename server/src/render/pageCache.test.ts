import { createPageCache, etagOf, gzipEtag, isShareableRequest, type CachedPage } from './pageCache';

const page = (html: string, status = 200): CachedPage => ({ status, html, etag: etagOf(html) });

function setup() {
  let clock = 0;
  const cache = createPageCache({ freshMs: 1000, staleMs: 10_000, maxEntries: 2, now: () => clock });
  let renders = 0;
  const render =
    (html: string, status = 200) =>
    () => {
      renders += 1;
      return Promise.resolve(page(`${html}#${renders}`, status));
    };
  return { cache, render, advance: (ms: number) => (clock += ms), renders: () => renders };
}

describe('page cache', () => {
  it('serves a fresh page from memory, and one render for concurrent misses', async () => {
    const { cache, render, renders } = setup();
    const [a, b] = await Promise.all([
      cache.get('/x', 'v1', render('x')),
      cache.get('/x', 'v1', render('x')),
    ]);
    expect(a).toBe(b);
    expect(await cache.get('/x', 'v1', render('x'))).toBe(a);
    expect(renders()).toBe(1);
  });

  it('serves a stale page while rendering a new one, and renders before answering once too old', async () => {
    const { cache, render, advance, renders } = setup();
    const first = await cache.get('/x', 'v1', render('x'));
    advance(2000);
    expect(await cache.get('/x', 'v1', render('x'))).toBe(first);
    await new Promise((resolve) => setImmediate(resolve));
    expect(renders()).toBe(2);
    const second = await cache.get('/x', 'v1', render('x'));
    expect(second.html).toBe('x#2');
    advance(20_000);
    expect((await cache.get('/x', 'v1', render('x'))).html).toBe('x#3');
  });

  it('renders again as soon as the code or data version changes', async () => {
    const { cache, render } = setup();
    await cache.get('/x', 'v1', render('x'));
    expect((await cache.get('/x', 'v2', render('x'))).html).toBe('x#2');
  });

  it('answers from memory without rendering only a fresh page of the same version', async () => {
    const { cache, render, advance, renders } = setup();
    expect(cache.fresh('/x', 'v1')).toBeNull();
    const stored = await cache.get('/x', 'v1', render('x'));
    expect(cache.fresh('/x', 'v1')).toBe(stored);
    expect(cache.fresh('/x', 'v2')).toBeNull();
    advance(1001);
    // Stale: the full path serves it while one render replaces it; the early lane does not.
    expect(cache.fresh('/x', 'v1')).toBeNull();
    expect(renders()).toBe(1);
  });

  it('never keeps a 503, and keeps at most maxEntries pages', async () => {
    const { cache, render, renders } = setup();
    await cache.get('/down', 'v1', render('down', 503));
    await cache.get('/down', 'v1', render('down', 503));
    expect(renders()).toBe(2);
    await cache.get('/a', 'v1', render('a'));
    await cache.get('/b', 'v1', render('b'));
    await cache.get('/c', 'v1', render('c'));
    expect(cache.size()).toBe(2);
  });

  it('gives equal HTML equal ETags and different HTML different ones', () => {
    expect(etagOf('<p>a</p>')).toBe(etagOf('<p>a</p>'));
    expect(etagOf('<p>a</p>')).not.toBe(etagOf('<p>b</p>'));
  });
});

describe('isShareableRequest', () => {
  it('shares anonymous pages, never ones with cookies or carrying what a visitor typed', () => {
    expect(isShareableRequest('/bounties?skill=Rust', undefined)).toBe(true);
    expect(isShareableRequest('/bounties?menu=open', undefined)).toBe(true);
    expect(isShareableRequest('/bounties', 'sq=1')).toBe(false);
    expect(isShareableRequest('/for-clients?lead=invalid&email=a%40b.co', undefined)).toBe(false);
    expect(isShareableRequest('/?dialog=join&result=failed', undefined)).toBe(false);
  });
});

describe('gzipEtag', () => {
  it('names the gzipped representation apart from the plain one, as a strong validator', () => {
    expect(gzipEtag('"abc"')).toBe('"abc-gzip"');
    expect(gzipEtag(etagOf('<p>a</p>'))).not.toBe(etagOf('<p>a</p>'));
  });
});
