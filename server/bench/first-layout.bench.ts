/**
 * The first layout of each server-rendered page in headless Chromium at a phone's width: how long the
 * longest Layout of the load takes, and how much of it is fonts (the render style of each font size,
 * `GetWebFontRenderStyleForStrike`, and each family name looked up, `onMatchFamilyStyle`). Lighthouse
 * counts this main-thread work four times over in its simulated phone; `npm run bench` gives the scores.
 *
 *   node node_modules/.bin/tsx server/bench/first-layout.bench.ts [--loads N]
 *
 * Needs a production build (npm run build). Each load is a new browser, so no font cache carries over.
 * Prints the median of the loads per route.
 */
import { launchBrowser, startSite } from '@side-quest/build/e2e';
import { benchRoutes } from './benchRoutes';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

const PHONE = { width: 412, height: 823 };
const loadsArgument = process.argv.indexOf('--loads');
const LOADS = loadsArgument > 0 ? Number(process.argv[loadsArgument + 1]) : 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function traceLoad(url: string): Promise<TraceEvent[]> {
  const browser = await launchBrowser({ viewport: PHONE });
  try {
    const page = await browser.newPage();
    const cdp = await browser.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,fonts', transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(300);
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await browser.cleanup();
  }
}

/** The longest Layout of the load and the font work inside it. */
function firstLayout(events: TraceEvent[]) {
  const layout = events
    .filter((event) => event.name === 'Layout' && event.ph === 'X')
    .reduce<TraceEvent | null>(
      (longest, event) => ((event.dur ?? 0) > (longest?.dur ?? 0) ? event : longest),
      null,
    );
  if (!layout?.dur) return { layoutMs: 0, strikes: 0, strikeMs: 0, lookups: 0, lookupMs: 0 };
  const end = layout.ts + layout.dur;
  const inside = events.filter(
    (event) =>
      event.pid === layout.pid && event.tid === layout.tid && event.ts >= layout.ts && event.ts <= end,
  );
  const of = (name: string) => inside.filter((event) => event.name === name);
  const ms = (list: TraceEvent[]) => list.reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000;
  const strikes = of('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike');
  const lookups = of('FontDataManager::onMatchFamilyStyle');
  return {
    layoutMs: layout.dur / 1000,
    strikes: strikes.length,
    strikeMs: ms(strikes),
    lookups: lookups.length,
    lookupMs: ms(lookups),
  };
}

async function main() {
  const site = await startSite();
  try {
    const routes = await benchRoutes(site.baseUrl);
    const rows = [];
    for (const route of routes) {
      const samples: Array<ReturnType<typeof firstLayout>> = [];
      for (let load = 0; load < LOADS; load += 1)
        samples.push(firstLayout(await traceLoad(site.baseUrl + route)));
      const pick = (key: keyof (typeof samples)[number]) => median(samples.map((sample) => sample[key]));
      rows.push({
        route,
        'layout ms': pick('layoutMs').toFixed(1),
        'layouts (ms)': samples.map((sample) => sample.layoutMs.toFixed(0)).join('/'),
        strikes: pick('strikes'),
        'strike ms': pick('strikeMs').toFixed(1),
        'family lookups': pick('lookups'),
        'lookup ms': pick('lookupMs').toFixed(1),
      });
    }
    console.log(`First layout at ${PHONE.width} px, median of ${LOADS} loads per route:`);
    console.table(rows);
  } finally {
    await site.stop();
  }
}

void main();
