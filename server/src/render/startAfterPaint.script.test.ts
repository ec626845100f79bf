/** @jest-environment jsdom */
import { EARLY_CLICKS_GLOBAL } from '@side-quest/data/early-clicks';
import { PRELOAD_WAIT_MS, START_SCRIPT, START_WAIT_MS, startAfterPaint } from './startAfterPaint';

const FRAME_MS = 16;

const page = startAfterPaint(
  '<html><head><script defer src=/main.js></script><link rel=preload as=script href=/chunk.js></head>' +
    '<body></body></html>',
);

/** The document's head as the server sends it, and the start script run as the browser would. */
function loadHead(readyState: DocumentReadyState, visibilityState: DocumentVisibilityState = 'visible') {
  jest.spyOn(document, 'readyState', 'get').mockReturnValue(readyState);
  jest.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibilityState);
  document.head.innerHTML = (/<head>([\s\S]*)<\/head>/.exec(page)?.[1] ?? '').replace(
    /<script>[\s\S]*?<\/script>/,
    '',
  );
  new Function(START_SCRIPT)();
}

const startedScripts = () =>
  [...document.head.querySelectorAll(':scope > script[src]')].map((script) => script.getAttribute('src'));
const preloadLinks = () => [...document.head.querySelectorAll(':scope > link[rel=preload]')];
const activePreloads = () => preloadLinks().map((link) => link.getAttribute('href'));
/** The browser finishing every started preload (jsdom fetches none), then the task that follows. */
function settlePreloads(event: 'load' | 'error' = 'load') {
  for (const link of preloadLinks()) link.dispatchEvent(new Event(event));
  jest.advanceTimersByTime(0);
}

describe('the start script of a server-rendered page', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('starts nothing before the page has loaded and painted, then every preload at once, then the entry', () => {
    loadHead('interactive');
    jest.advanceTimersByTime(FRAME_MS * 5);
    expect(activePreloads()).toEqual([]);
    expect(startedScripts()).toEqual([]);

    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(FRAME_MS);
    expect(activePreloads()).toEqual([]);
    jest.advanceTimersByTime(FRAME_MS * 2);
    expect(activePreloads()).toEqual(['/main.js', '/chunk.js']);
    expect(startedScripts()).toEqual([]);

    const [entryPreload, chunkPreload] = preloadLinks();
    entryPreload!.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(0);
    expect(startedScripts()).toEqual([]);
    chunkPreload!.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(0);
    expect(startedScripts()).toEqual(['http://localhost/main.js']);
  });

  it('runs the entry when a preload fails too: the app shows what could not load', () => {
    loadHead('complete');
    jest.advanceTimersByTime(FRAME_MS * 3);
    settlePreloads('error');
    expect(startedScripts()).toEqual(['http://localhost/main.js']);
    settlePreloads('load');
    expect(startedScripts()).toEqual(['http://localhost/main.js']);
  });

  it('runs the entry after PRELOAD_WAIT_MS when a preload neither loads nor fails', () => {
    loadHead('complete');
    for (let ms = 0; ms < FRAME_MS * 5 && activePreloads().length === 0; ms++) jest.advanceTimersByTime(1);
    expect(activePreloads()).toEqual(['/main.js', '/chunk.js']);
    jest.advanceTimersByTime(PRELOAD_WAIT_MS - 1);
    expect(startedScripts()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(startedScripts()).toEqual(['http://localhost/main.js']);
  });

  it('starts after the next paint when the page had already loaded, once only', () => {
    loadHead('complete');
    jest.advanceTimersByTime(START_WAIT_MS * 2);
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(FRAME_MS * 3);
    settlePreloads();
    expect(startedScripts()).toEqual(['http://localhost/main.js']);
  });

  it('starts at the load in a hidden tab, which paints no frames', () => {
    loadHead('interactive', 'hidden');
    window.dispatchEvent(new Event('load'));
    settlePreloads();
    expect(startedScripts()).toEqual(['http://localhost/main.js']);
  });

  it('waits for the first contentful paint where the browser reports it', () => {
    let report:
      ((list: { getEntriesByName: (name: string) => unknown[] }, observer: unknown) => void) | null = null;
    const observed: unknown[] = [];
    class FakePaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe(options: unknown) {
        observed.push(options);
      }
      disconnect() {}
    }
    const original = window.PerformanceObserver;
    Object.assign(window, { PerformanceObserver: FakePaintObserver });
    try {
      loadHead('complete');
      expect(observed).toEqual([{ type: 'paint', buffered: true }]);
      jest.advanceTimersByTime(FRAME_MS * 5);
      expect(activePreloads()).toEqual([]);
      const observer = { disconnect: jest.fn() };
      report!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, observer);
      expect(observer.disconnect).toHaveBeenCalled();
      jest.advanceTimersByTime(FRAME_MS);
      expect(activePreloads()).toEqual([]);
      jest.advanceTimersByTime(FRAME_MS * 2);
      settlePreloads();
      expect(startedScripts()).toEqual(['http://localhost/main.js']);
    } finally {
      Object.assign(window, { PerformanceObserver: original });
    }
  });

  it('starts after START_WAIT_MS when the load is held up', () => {
    loadHead('interactive');
    jest.advanceTimersByTime(START_WAIT_MS - 1);
    expect(activePreloads()).toEqual([]);
    jest.advanceTimersByTime(1);
    settlePreloads();
    expect(startedScripts()).toEqual(['http://localhost/main.js']);
  });

  it('records, from its first part, a click before hydration on a control only JavaScript can carry out', () => {
    loadHead('interactive');
    document.body.innerHTML = '<button data-replay="share">Share</button><a href="#x">Link</a>';
    document.querySelector('button')!.click();
    document.querySelector('a')!.click();
    // For the shell to replay once hydrated (@side-quest/data, earlyClicks.ts); the link is the browser's.
    expect((window as unknown as Record<string, unknown>)[EARLY_CLICKS_GLOBAL]).toEqual([
      { key: 'share', nth: 0 },
    ]);
    document.body.innerHTML = '';
  });
});
