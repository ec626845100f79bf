import fs from 'node:fs';
import path from 'node:path';
import { readDataset, SHIPPED_DATASET } from '../bountyStore';
import { DATA_FILE, generateDataset, MEDIA_DIR } from './generateDataset';
import { renderBountyImage } from './bountyImage';

const { bounties } = readDataset();
const highValue = bounties.filter((entry) => entry.is_high_value_bounty === true);

describe('the shipped bounty dataset', () => {
  it('is what the generator produces (regenerate after editing challenges.ts)', () => {
    expect(SHIPPED_DATASET).toBe(DATA_FILE);
    const generated = generateDataset();
    expect(bounties).toEqual(generated.bounties);
    for (const [name, svg] of generated.images) {
      expect(fs.readFileSync(path.join(MEDIA_DIR, `${name}.svg`), 'utf8')).toBe(svg);
    }
  });

  it('has at least 120 bounties with unique ids, titles and descriptions', () => {
    expect(bounties.length).toBeGreaterThanOrEqual(120);
    for (const field of ['id', 'item_title', 'summary_description', 'full_bounty_description']) {
      const values = bounties.map((entry) => entry[field]);
      expect(values.every((value) => typeof value === 'string' && value.length > 0)).toBe(true);
      expect(new Set(values).size).toBe(bounties.length);
    }
  });

  it('uses exactly the three bounty domains', () => {
    expect(new Set(bounties.map((entry) => entry.bounty_area))).toEqual(
      new Set(['Software', 'AI/ML', 'Engineering']),
    );
  });

  it('spells some skills in more than one case, as React and react', () => {
    const tags = new Set(highValue.flatMap((entry) => entry.skill_tags as string[]));
    expect(tags.has('React') && tags.has('react')).toBe(true);
    const variants = new Map<string, Set<string>>();
    for (const tag of tags)
      variants.set(tag.toLowerCase(), (variants.get(tag.toLowerCase()) ?? new Set()).add(tag));
    expect([...variants.values()].filter((spellings) => spellings.size > 1).length).toBeGreaterThanOrEqual(4);
  });

  it.each(['platform_name', 'reward_amount', 'image_url', 'learnings', 'created_days_ago', 'item_url'])(
    'leaves %s out of some listed bounties and sets it on most',
    (field) => {
      const missing = highValue.filter((entry) => !(field in entry)).length;
      expect(missing).toBeGreaterThan(0);
      expect(missing).toBeLessThan(highValue.length / 2);
    },
  );

  it('leaves the deadline out of some listed bounties, and uses display text on a few', () => {
    expect(highValue.some((entry) => !('deadline' in entry) && !('deadline_in_days' in entry))).toBe(true);
    const texts = bounties.filter((entry) => typeof entry.deadline === 'string');
    expect(texts.length).toBeGreaterThan(0);
    const offsets = bounties.flatMap((entry) =>
      typeof entry.deadline_in_days === 'number' ? [entry.deadline_in_days] : [],
    );
    expect(offsets.every((days) => Number.isInteger(days) && days !== 0 && days > -365 && days < 365)).toBe(
      true,
    );
  });

  it('has listed bounties that are closed, closing within a day and within the hour, once seeded', () => {
    const closed = highValue.filter(
      (entry) => typeof entry.deadline_in_days === 'number' && entry.deadline_in_days < 0,
    );
    const hours = highValue.flatMap((entry) =>
      typeof entry.deadline_in_hours === 'number' ? [entry.deadline_in_hours] : [],
    );
    expect(closed.length).toBeGreaterThanOrEqual(5);
    expect(hours.length).toBeGreaterThanOrEqual(3);
    expect(hours.every((hour) => hour > 0 && hour < 24)).toBe(true);
    expect(hours.some((hour) => hour < 1)).toBe(true);
  });

  it('marks about a fifth as not high-value', () => {
    const share = (bounties.length - highValue.length) / bounties.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.25);
  });

  it('spreads creation over the last six months, with at least 10 in the last month', () => {
    const days = bounties.flatMap((entry) =>
      typeof entry.created_days_ago === 'number' ? [entry.created_days_ago] : [],
    );
    expect(days.every((day) => day >= 0 && day <= 183)).toBe(true);
    expect(days.filter((day) => day < 30).length).toBeGreaterThanOrEqual(10);
    for (let month = 0; month < 6; month++) {
      expect(days.some((day) => day >= month * 30 && day < (month + 1) * 30)).toBe(true);
    }
  });

  it('pays from a few hundred to tens of thousands of dollars', () => {
    const rewards = bounties.flatMap((entry) =>
      typeof entry.reward_amount === 'number' ? [entry.reward_amount] : [],
    );
    expect(rewards.filter((reward) => reward < 1000).length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...rewards)).toBeLessThan(500);
    expect(Math.min(...rewards)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...rewards)).toBeGreaterThanOrEqual(20000);
  });

  it('uses only local images and fictional apply links', () => {
    for (const entry of bounties) {
      if ('image_url' in entry) expect(entry.image_url).toMatch(/^\/media\/bounties\/[a-z-]+\.svg$/);
      if ('item_url' in entry)
        expect(entry.item_url).toMatch(/^https:\/\/[a-z0-9-]+\.example\/bounties\/[a-z0-9-]+$/);
    }
  });

  it('draws a valid, distinct SVG per image theme', () => {
    const a = renderBountyImage('vision');
    expect(a).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 1200 630"/);
    expect(a.trim().endsWith('</svg>')).toBe(true);
    expect(renderBountyImage('vision')).toBe(a);
    expect(renderBountyImage('water')).not.toBe(a);
  });
});
