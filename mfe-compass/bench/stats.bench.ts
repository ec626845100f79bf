// Value Compass statistics for 10,000 bounties (issue 6: under 10 ms on the project machine).
// Run: node node_modules/.bin/tsx mfe-compass/bench/stats.bench.ts
import type { Bounty } from '@side-quest/data';
import { computeCompassStats } from '../src/stats/compassStats';

const BOUNTIES = 10_000;
const WARMUP_RUNS = 30;
const MEASURED_RUNS = 200;
const NOW = new Date('2026-11-21T12:00:00.000Z');

/** A deterministic pseudo-random sequence (mulberry32), so every run measures the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Realistic shape: ~300 skills in several spellings, 2–6 tags each, 12 areas, 1 in 20 undated. */
function makeBounties(count: number): Bounty[] {
  const next = random(42);
  const skills = Array.from({ length: 300 }, (_, index) => `Skill ${index}`);
  const spell = (skill: string) => {
    const roll = next();
    return roll < 0.7 ? skill : roll < 0.85 ? skill.toLowerCase() : skill.toUpperCase();
  };
  const areas = ['Software', 'AI/ML', 'Engineering', 'Design', 'Data', 'Security', 'DevOps', 'Mobile'];
  const yearMs = 365 * 24 * 3600 * 1000;
  return Array.from({ length: count }, (_, index) => ({
    id: `b${index}`,
    item_title: `Bounty ${index}`,
    platform_name: 'Acme',
    summary_description: '',
    full_bounty_description: '',
    learnings: '',
    reward_amount: Math.round(next() * 20000),
    deadline: '',
    bounty_area: next() < 0.05 ? '' : areas[Math.floor(next() * areas.length)]!,
    skill_tags: Array.from({ length: 2 + Math.floor(next() * 5) }, () =>
      spell(skills[Math.floor(next() ** 2 * skills.length)]!),
    ),
    image_url: '',
    item_url: '',
    created_at: next() < 0.05 ? null : new Date(NOW.getTime() - next() * yearMs).toISOString(),
    is_high_value_bounty: true,
  }));
}

// Through JSON, so every tag is its own string object, as in a list read from the network.
const bounties = JSON.parse(JSON.stringify(makeBounties(BOUNTIES))) as Bounty[];
let sink = 0;
for (let run = 0; run < WARMUP_RUNS; run += 1) sink += computeCompassStats(bounties, NOW).topSkills.length;

const timings: number[] = [];
for (let run = 0; run < MEASURED_RUNS; run += 1) {
  const started = process.hrtime.bigint();
  sink += computeCompassStats(bounties, NOW).topSkills.length;
  timings.push(Number(process.hrtime.bigint() - started) / 1e6);
}
timings.sort((a, b) => a - b);
const percentile = (p: number) =>
  timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)]!;
const tags = bounties.reduce((sum, bounty) => sum + bounty.skill_tags.length, 0);

console.log(
  `compass statistics for ${BOUNTIES} bounties (${tags} tags), ${MEASURED_RUNS} runs after ${WARMUP_RUNS} warm-up:`,
);
console.log(`  median ${percentile(50).toFixed(2)} ms`);
console.log(`  p95    ${percentile(95).toFixed(2)} ms`);
console.log(`  max    ${timings[timings.length - 1]!.toFixed(2)} ms`);
console.log(`  budget 10 ms: ${percentile(95) < 10 ? 'met' : 'MISSED'}`);
if (sink < 0) console.log(sink);
