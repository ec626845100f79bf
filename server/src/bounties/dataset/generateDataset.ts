/**
 * Builds the shipped bounty dataset (../data/bounties.json) and its images (../media/*.svg) from the
 * hand-written challenges, deterministically: the same input always gives byte-identical files, and
 * generateDataset.test.ts checks the committed files are up to date.
 *
 *   node node_modules/.bin/tsx server/src/bounties/dataset/generateDataset.ts
 *
 * Optional fields are left out on a fixed pattern so every one of them is missing somewhere, and dates
 * are stored as day offsets (created_days_ago, deadline_in_days) that the seeders turn into dates on the
 * day a database is seeded, so a fresh install always looks current.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { AI_ML, ENGINEERING, SOFTWARE, type Challenge } from './challenges';
import { renderBountyImage } from './bountyImage';

export const DOMAINS = { Software: SOFTWARE, 'AI/ML': AI_ML, Engineering: ENGINEERING } as const;
export type Domain = keyof typeof DOMAINS;

/** A small seeded PRNG (mulberry32): deterministic output without a dependency. */
function random(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Firestore-looking 20-character document id derived from the title. */
function documentId(title: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = createHash('sha256').update(`bounty:${title}`).digest();
  return Array.from(bytes.subarray(0, 20), (byte) => alphabet[byte % alphabet.length]).join('');
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Generic, domain-flavoured parts of a brief, so descriptions read like real postings without repeating. */
const PROCESS: Record<Domain, string[]> = {
  Software: [
    'You get read access to a sanitised copy of the repository and a staging environment that mirrors production.',
    'We will share anonymised production metrics and a walkthrough call with the engineer who knows the code best.',
    'You will work from a fork we provide; our CI runs on every push so you see the same checks we do.',
  ],
  'AI/ML': [
    'We provide the labelled data under a research licence, a GPU budget for training and a held-out test set we keep private.',
    'You get an anonymised extract of the data, a baseline notebook and a one-hour call with the domain experts who label it.',
    'Training data, a data dictionary and our current baseline numbers are shared on acceptance; the final evaluation runs on data you have not seen.',
  ],
  Engineering: [
    'We provide drawings, site photos and operating data, and can arrange one site visit with our operations lead.',
    'You get the existing design files, maintenance records and access to the test rig for two days.',
    'Measurements, as-built drawings and a contact on site are available; physical tests are run by our technicians to your plan.',
  ],
};

const SUBMISSION = [
  'Submit your work with a short report (no more than six pages) explaining your approach, what you tried that did not work, and the evidence for the success criteria.',
  'Send a written summary, your files, and a five-minute recorded walkthrough. We review within ten working days and may ask one round of questions.',
  'Submissions are reviewed by two of our engineers against the criteria above; a clear write-up of trade-offs counts as much as the result.',
];

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function description(challenge: Challenge, domain: Domain, rand: () => number): string {
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  return [
    challenge.problem,
    `What we need: ${lowerFirst(challenge.deliverable)}.`,
    `Success criteria: ${lowerFirst(challenge.success)}.`,
    pick(PROCESS[domain]),
    pick(SUBMISSION),
  ].join('\n\n');
}

function reward(challenge: Challenge, rand: () => number): number {
  const spread = 0.85 + rand() * 0.35;
  return Math.max(250, Math.round((challenge.reward * spread) / 50) * 50);
}

export interface GeneratedDataset {
  bounties: Record<string, unknown>[];
  images: Map<string, string>;
}

/** Interleaves the three domains so that the fixed patterns of missing fields hit all of them. */
function interleaved(): { challenge: Challenge; domain: Domain }[] {
  const lists = Object.entries(DOMAINS) as [Domain, Challenge[]][];
  const longest = Math.max(...lists.map(([, list]) => list.length));
  const result: { challenge: Challenge; domain: Domain }[] = [];
  for (let i = 0; i < longest; i++) {
    for (const [domain, list] of lists) {
      const challenge = list[i];
      if (challenge) result.push({ challenge, domain });
    }
  }
  return result;
}

export function generateDataset(): GeneratedDataset {
  const bounties: Record<string, unknown>[] = [];
  const images = new Map<string, string>();
  interleaved().forEach(({ challenge, domain }, index) => {
    const rand = random(challenge.title);
    const id = documentId(challenge.title);
    const bounty: Record<string, unknown> = { id, item_title: challenge.title };
    // Patterns of missing optional fields (each on its own period, so combinations vary).
    if (index % 26 !== 7) bounty.platform_name = challenge.company;
    bounty.summary_description = challenge.summary;
    bounty.full_bounty_description = description(challenge, domain, rand);
    if (index % 7 !== 3) bounty.learnings = challenge.learnings;
    if (index % 19 !== 5) bounty.reward_amount = reward(challenge, rand);
    if (index % 9 === 4) bounty.deadline = 'Rolling submissions';
    // Some closed already, a few closing within a day (one within the hour), so a fresh start shows
    // every status and time-left label; the rest are open for one to four months.
    else if (index % 11 === 2) bounty.deadline_in_days = -(1 + Math.floor(rand() * 40));
    else if (index % 23 === 10) bounty.deadline_in_hours = [0.5, 5, 20, 13, 2][Math.floor(index / 23) % 5];
    else if (index % 8 !== 6) bounty.deadline_in_days = 7 + Math.floor(rand() * 110);
    bounty.bounty_area = domain;
    bounty.skill_tags = challenge.tags;
    if (index % 3 !== 2) {
      bounty.image_url = `/media/bounties/${challenge.image}.svg`;
      images.set(challenge.image, renderBountyImage(challenge.image));
    }
    if (index % 13 !== 4)
      bounty.item_url = `https://${slug(challenge.company)}.example/bounties/${slug(challenge.title)}`;
    // Every sixth bounty is recent (within the last month); the rest spread over six months.
    if (index % 17 !== 9) {
      bounty.created_days_ago = index % 6 === 0 ? Math.floor(rand() * 28) : Math.floor(rand() * 182);
    }
    // About a fifth are not high-value: they exist in the collection but the list never shows them.
    bounty.is_high_value_bounty = index % 5 !== 1;
    bounties.push(bounty);
  });
  return { bounties, images };
}

export const DATA_FILE = path.join(__dirname, '..', 'data', 'bounties.json');
export const MEDIA_DIR = path.join(__dirname, '..', 'media');

export function serialiseDataset(bounties: Record<string, unknown>[]): string {
  const header = {
    about:
      'Side Quest bounty dataset, generated by server/src/bounties/dataset/generateDataset.ts. ' +
      'created_days_ago, deadline_in_days and deadline_in_hours are turned into dates when a database is seeded.',
  };
  return `${JSON.stringify({ ...header, bounties }, null, 2)}\n`;
}

if (require.main === module) {
  const { bounties, images } = generateDataset();
  fs.mkdirSync(path.dirname(DATA_FILE), { recursive: true });
  fs.writeFileSync(DATA_FILE, serialiseDataset(bounties));
  fs.mkdirSync(MEDIA_DIR, { recursive: true });
  for (const [name, svg] of images) fs.writeFileSync(path.join(MEDIA_DIR, `${name}.svg`), svg);
  console.log(`wrote ${bounties.length} bounties to ${DATA_FILE} and ${images.size} images to ${MEDIA_DIR}`);
}
