import { Readable } from 'node:stream';
import { DAY_MS } from '@side-quest/data/lifecycle';
import type { BlobStore } from '../blobs';
import {
  encodeAnswerKey,
  entryFingerprint,
  newSplitSecret,
  readAnswerKey,
  readEntry,
  scorePredictions,
  ScoringKey,
  type MetricName,
} from '../scoring';
import { DEMO_SCORED_TITLES } from '../lifecycle/demoData';
import type { LifecycleStore } from '../lifecycle/lifecycleStore';
import type { ScoredStore, ScoringFile, ScoringFiles } from './scoredStore';

/*
 * The scored bounties' demo (issue 45 item 11), generated here with a seeded PRNG (nothing downloaded):
 * an open one (wind turbines needing service: ROC AUC) with its inputs, training data, sample entry, a
 * baseline and entries from six entrants; and a closed one (stop-to-stop minutes: RMSE) with a baseline,
 * whose leader on the public board over-fitted the public rows and falls on the private board. Entries
 * are scored in process by the scoring module's own functions, exactly as the pool's workers score them.
 */

const SCORED_DEMO_MARKER = 'scored_demo_seeded_at';

/** mulberry32: a small, fast PRNG whose sequence a seed fixes. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A normal deviate (Box–Muller) from a uniform source. */
function normal(random: () => number, sd = 1): number {
  const u = Math.max(random(), 1e-12);
  return sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const csv = (header: string[], rows: Array<Array<string | number>>) =>
  `${header.join(',')}\n${rows.map((row) => row.join(',')).join('\n')}\n`;

interface Turbine {
  id: string;
  vibration: number;
  bearingTemp: number;
  ageYears: number;
  load: number;
  /** The model's signal without its noise: what a good entry estimates. */
  signal: number;
  needsService: 0 | 1;
}

function turbines(random: () => number, count: number, prefix: string): Turbine[] {
  return Array.from({ length: count }, (_, i) => {
    const vibration = round(4 + normal(random, 1.5), 2);
    const bearingTemp = round(60 + normal(random, 8), 1);
    const ageYears = round(1 + random() * 19, 1);
    const load = round(0.3 + random() * 0.7, 2);
    const signal =
      -1.6 + 0.9 * (vibration - 4) + 0.09 * (bearingTemp - 60) + 0.12 * (ageYears - 10) + (load - 0.65);
    const needsService = random() < sigmoid(signal + normal(random, 0.7)) ? 1 : 0;
    return {
      id: `${prefix}${String(i + 1).padStart(4, '0')}`,
      vibration,
      bearingTemp,
      ageYears,
      load,
      signal,
      needsService,
    };
  });
}

interface Stop {
  id: string;
  distanceKm: number;
  road: 'paved' | 'gravel';
  parcels: number;
  hour: number;
  expected: number;
  minutes: number;
}

function stops(random: () => number, count: number): Stop[] {
  return Array.from({ length: count }, (_, i) => {
    const distanceKm = round(0.5 + random() * 14.5, 1);
    const road = random() < 0.35 ? 'gravel' : 'paved';
    const parcels = 1 + Math.floor(random() * 6);
    const hour = 8 + Math.floor(random() * 11);
    const expected =
      2 + 1.6 * distanceKm + (road === 'gravel' ? 3 : 0) + 0.8 * parcels + (hour >= 16 ? 2 : 0);
    return {
      id: `R${String(i + 1).padStart(4, '0')}`,
      distanceKm,
      road,
      parcels,
      hour,
      expected,
      minutes: round(Math.max(1, expected + normal(random, 4)), 1),
    };
  });
}

/** One demo entry: whose, how many days before seeding, and its predictions in the key's row order. */
interface DemoEntry {
  entrant: number;
  daysAgo: number;
  predictions: number[];
}

export interface ScoredDemoBounty {
  metric: MetricName;
  keyCsv: string;
  files: Partial<Record<'inputs' | 'training' | 'sample' | 'baseline', string>>;
  entries: (isPublic: (row: number) => boolean) => DemoEntry[];
  licence: string;
}

/** The open bounty's data set: 400 turbines to predict, 600 to train on; entries improving over days. */
export function openDemoBounty(): ScoredDemoBounty {
  const random = seededRandom(45_11_01);
  const test = turbines(random, 400, 'T');
  const training = turbines(random, 600, 'K');
  const features = (t: Turbine) => [t.id, t.vibration, t.bearingTemp, t.ageYears, t.load];
  const header = ['id', 'vibration_mm_s', 'bearing_temp_c', 'age_years', 'load_share'];
  // Each entrant's noise around the true signal, per entry (later entries better), and when each was sent.
  const plans: Array<{ noise: number[]; days: number[] }> = [
    { noise: [1.6, 0.9, 0.6], days: [9.5, 6, 2] },
    { noise: [1.2, 0.8], days: [8.5, 3] },
    { noise: [2.2, 1.4, 1.1], days: [7.5, 5, 1] },
    { noise: [1.0], days: [6.5] },
    { noise: [3.0, 1.9], days: [5.5, 2.5] },
    { noise: [1.5, 1.3], days: [4.5, 1.5] },
  ];
  return {
    metric: 'roc_auc',
    keyCsv: csv(
      ['id', 'target'],
      test.map((t) => [t.id, t.needsService]),
    ),
    files: {
      inputs: csv(header, test.map(features)),
      training: csv(
        [...header, 'needs_service'],
        training.map((t) => [...features(t), t.needsService]),
      ),
      sample: csv(
        ['id', 'prediction'],
        test.map((t) => [t.id, 0.5]),
      ),
      // The sponsor's own rule of thumb: older turbines fail more.
      baseline: csv(
        ['id', 'prediction'],
        test.map((t) => [t.id, round(sigmoid(0.15 * (t.ageYears - 10)), 4)]),
      ),
    },
    entries: () =>
      plans.flatMap((plan, entrant) =>
        plan.noise.map((noise, index) => ({
          entrant,
          daysAgo: plan.days[index] as number,
          predictions: test.map((t) => round(sigmoid(t.signal + normal(random, noise)), 4)),
        })),
      ),
    licence: 'CC BY 4.0 (demo data, generated)',
  };
}

/**
 * The closed bounty's data set: 300 stops. Its first entrant tuned their entry to the public rows (they
 * predicted those closely and the rest poorly): first on the public board, fourth on the private one.
 */
export function closedDemoBounty(): ScoredDemoBounty {
  const random = seededRandom(45_11_02);
  const test = stops(random, 300);
  const training = stops(random, 500);
  const header = ['id', 'distance_km', 'road', 'parcels', 'hour'];
  const features = (s: Stop) => [s.id, s.distanceKm, s.road, s.parcels, s.hour];
  const mean = training.reduce((sum, s) => sum + s.minutes, 0) / training.length;
  return {
    metric: 'rmse',
    keyCsv: csv(
      ['id', 'target'],
      test.map((s) => [s.id, s.minutes]),
    ),
    files: {
      inputs: csv(header, test.map(features)),
      sample: csv(
        ['id', 'prediction'],
        test.map((s) => [s.id, 10]),
      ),
      // The average stop: what the sponsor's planners use today.
      baseline: csv(
        ['id', 'prediction'],
        test.map((s) => [s.id, round(mean, 2)]),
      ),
    },
    entries: (isPublic) => {
      const noisy = (sd: number) => test.map((s) => round(s.expected + normal(random, sd), 2));
      return [
        {
          entrant: 0,
          daysAgo: 16,
          predictions: test.map((s, row) =>
            round(isPublic(row) ? s.minutes + normal(random, 1) : s.expected + normal(random, 7), 2),
          ),
        },
        { entrant: 1, daysAgo: 20, predictions: noisy(3) },
        { entrant: 2, daysAgo: 19, predictions: noisy(4) },
        { entrant: 2, daysAgo: 15, predictions: noisy(3.5) },
        { entrant: 3, daysAgo: 17, predictions: noisy(4.5) },
        { entrant: 4, daysAgo: 14, predictions: noisy(11) },
      ];
    },
    licence: 'CC BY 4.0 (demo data, generated)',
  };
}

async function putText(blobs: BlobStore, text: string | Buffer, name: string): Promise<ScoringFile> {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const blob = await blobs.put(Readable.from([bytes]), {
    contentType: 'application/octet-stream',
    maxBytes: bytes.length + 1,
  });
  return { blobId: blob.id, name, size: blob.size };
}

/** Scores one entry's CSV in process against a key; throws on a file the demo itself got wrong. */
async function scoreCsv(scoringKey: ScoringKey, text: string) {
  const read = await readEntry(Readable.from([Buffer.from(text)]), scoringKey);
  if (!read.ok) throw new Error(`demo entry rejected: ${JSON.stringify(read.problems.slice(0, 2))}`);
  return {
    ...scorePredictions(scoringKey, read.entry.predictions),
    fingerprint: entryFingerprint(read.entry),
  };
}

async function seedOne(
  demo: ScoredDemoBounty,
  bountyId: string,
  stores: { lifecycle: LifecycleStore; scored: ScoredStore; blobs: BlobStore },
  now: number,
  setupDaysAgo: number,
) {
  const secret = newSplitSecret();
  const checked = await readAnswerKey(Readable.from([Buffer.from(demo.keyCsv)]), {
    metric: demo.metric,
    secret,
    publicShare: 0.3,
  });
  if (!checked.ok) throw new Error(`demo key rejected: ${JSON.stringify(checked.problems.slice(0, 2))}`);
  const encoded = encodeAnswerKey(checked.key);
  const scoringKey = new ScoringKey(checked.key);
  const ids = checked.key.ids;
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();

  const files = {} as ScoringFiles;
  for (const [kind, text] of Object.entries(demo.files))
    if (kind !== 'baseline' && text)
      files[kind as 'inputs'] = await putText(stores.blobs, text, `${kind}.csv`);
  if (demo.files.baseline) files.baseline = await putText(stores.blobs, demo.files.baseline, 'baseline.csv');
  await stores.scored.saveSetup(
    {
      bountyId,
      metric: demo.metric,
      publicShare: 30,
      dailyEntries: 5,
      finalEntries: 2,
      splitSecret: secret,
      key: { ...(await putText(stores.blobs, demo.keyCsv, 'answer-key.csv')), rows: ids.length },
      checkedKeyBlobId: (await putText(stores.blobs, encoded.bytes, 'checked-key')).blobId,
      keyDigest: encoded.digest,
      files,
      licence: demo.licence,
    },
    at(setupDaysAgo),
  );
  if (demo.files.baseline) {
    const baseline = await scoreCsv(scoringKey, demo.files.baseline);
    await stores.scored.saveBaseline(bountyId, baseline, at(setupDaysAgo));
  }

  const submissions = await stores.lifecycle.submissionsTo(bountyId);
  const byAge = [...submissions].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const entries = demo.entries((row) => checked.key.isPublic[row] === 1);
  for (const entry of entries) {
    const submission = byAge[entry.entrant];
    if (!submission) continue;
    const text = csv(
      ['id', 'prediction'],
      ids.map((id, row) => [id, entry.predictions[row] as number]),
    );
    await stores.scored.addScoredEntry({
      bountyId,
      submissionId: submission.id,
      authorId: submission.authorId,
      blobId: (await putText(stores.blobs, text, 'entry.csv')).blobId,
      fileName: `entry-${entry.daysAgo}.csv`,
      at: at(entry.daysAgo),
      scores: await scoreCsv(scoringKey, text),
    });
  }
}

/**
 * Seeds the two scored demo bounties' setups, files, baselines and entries once per database, after the
 * lifecycle's demo made the bounties and their submissions. The closed one's reveal is history: claimed
 * here, so nobody is mailed for it. Returns false when it was seeded before (or its bounties are missing).
 */
export async function seedScoredDemo(
  stores: { lifecycle: LifecycleStore; scored: ScoredStore; blobs: BlobStore },
  now: number = Date.now(),
): Promise<boolean> {
  const demoBounties = (await stores.lifecycle.bountiesIn(['open', 'closed'])).filter(
    (bounty) => bounty.demo,
  );
  const open = demoBounties.find((bounty) => bounty.title === DEMO_SCORED_TITLES.open);
  const closed = demoBounties.find((bounty) => bounty.title === DEMO_SCORED_TITLES.closed);
  if (!open || !closed) return false;
  if (!(await stores.lifecycle.claimMarker(SCORED_DEMO_MARKER, new Date(now).toISOString()))) return false;
  await seedOne(openDemoBounty(), open.id, stores, now, 12);
  await seedOne(closedDemoBounty(), closed.id, stores, now, 50);
  await stores.scored.claimReveal(closed.id, closed.submissionDeadline);
  return true;
}
