/**
 * Imported first by the benchmarks: React's production build (as deployed) and a jsdom window as the
 * global environment, both in place before React or styled-components are loaded.
 */
import { JSDOM } from 'jsdom';

process.env.NODE_ENV = 'production';

const dom = new JSDOM('<!doctype html><html><head></head><body><div id="root"></div></body></html>', {
  url: 'http://localhost/bounties',
  pretendToBeVisual: true,
});
const globals = globalThis as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(dom.window)) {
  if (key in globals) continue;
  globals[key] = (dom.window as unknown as Record<string, unknown>)[key];
}
globals.window = dom.window;
globals.document = dom.window.document;
globals.navigator = dom.window.navigator;
