import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXTERNAL_WRITE_DELAY_MS, openBountyStore, readDataset, toStoredDocument } from './bountyStore';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'sq-store-'));
const DAY = 24 * 60 * 60 * 1000;

describe('bounty store', () => {
  it('dates the dataset relative to the day it is seeded', () => {
    const seededAt = new Date('2030-06-15T12:00:00.000Z');
    const store = openBountyStore(tempDir(), { now: () => seededAt });
    const dataset = readDataset().bounties;
    for (const entry of dataset) {
      const bounty = store.get(entry.id)!;
      if (typeof entry.created_days_ago === 'number') {
        expect(bounty.created_at).toBe(
          new Date(seededAt.getTime() - entry.created_days_ago * DAY).toISOString(),
        );
      } else {
        expect(bounty.created_at).toBeNull();
      }
      if (typeof entry.deadline_in_days === 'number') {
        expect(bounty.deadline).toBe(
          new Date(seededAt.getTime() + entry.deadline_in_days * DAY).toISOString().slice(0, 10),
        );
      }
    }
    const recent = store
      .list()
      .filter(
        (bounty) => bounty.created_at && seededAt.getTime() - Date.parse(bounty.created_at) <= 30 * DAY,
      );
    expect(recent.length).toBeGreaterThanOrEqual(10);
    store.close();
  });

  it('seeds only on the first start: a bounty removed later does not come back', () => {
    const dataDir = tempDir();
    const first = openBountyStore(dataDir);
    const count = first.count();
    expect(count).toBe(readDataset().bounties.length);
    first.close();
    const Database = jest.requireActual<typeof import('better-sqlite3')>('better-sqlite3');
    const db = new Database(path.join(dataDir, 'bounties.db'));
    db.prepare('DELETE FROM bounty_items WHERE rowid IN (SELECT rowid FROM bounty_items LIMIT 1)').run();
    db.close();
    const second = openBountyStore(dataDir);
    expect(second.count()).toBe(count - 1);
    second.close();
  });

  it('rebuilds the cached list body after a write', () => {
    const store = openBountyStore(tempDir(), { seedFile: null });
    expect(store.listResponse().body).toBe('[]');
    const etag = store.listResponse().etag;
    store.put([{ id: 'n', document: { item_title: 'New', is_high_value_bounty: true } }]);
    expect(JSON.parse(store.listResponse().body)).toEqual([expect.objectContaining({ id: 'n' })]);
    expect(store.listResponse().etag).not.toBe(etag);
    store.close();
  });

  it("shows another connection's write within EXTERNAL_WRITE_DELAY_MS, not by asking SQLite on every read", () => {
    const dataDir = tempDir();
    let clock = 0;
    const store = openBountyStore(dataDir, { seedFile: null, clockMs: () => clock });
    const empty = store.listResponse().etag;
    const Database = jest.requireActual<typeof import('better-sqlite3')>('better-sqlite3');
    const operator = new Database(path.join(dataDir, 'bounties.db'));
    operator
      .prepare(
        'INSERT INTO bounty_items (id, item_title, is_high_value_bounty, document) VALUES (?, ?, 1, ?)',
      )
      .run('shell', 'Typed in a shell', JSON.stringify({ item_title: 'Typed in a shell' }));
    operator.close();
    clock += EXTERNAL_WRITE_DELAY_MS - 1;
    expect(store.listResponse().etag).toBe(empty);
    clock += 1;
    expect(JSON.parse(store.listResponse().body)).toEqual([expect.objectContaining({ id: 'shell' })]);
    expect(store.listResponse().etag).not.toBe(empty);
    // A write through the store itself is listed at once, whatever the clock.
    store.put([{ id: 'own', document: { item_title: 'Own', is_high_value_bounty: true } }]);
    expect(JSON.parse(store.listResponse().body).map((bounty: { id: string }) => bounty.id)).toEqual([
      'own',
      'shell',
    ]);
    store.close();
  });

  it('stores a data-file entry without its offsets or id', () => {
    const document = toStoredDocument(
      { id: 'x', item_title: 'T', created_days_ago: 2, deadline_in_days: 3 },
      new Date('2030-01-10T00:00:00Z'),
    );
    expect(document).toEqual({
      item_title: 'T',
      created_at: '2030-01-08T00:00:00.000Z',
      deadline: '2030-01-13',
    });
  });

  it('turns hours from seeding into a deadline moment, and negative days into a past date', () => {
    const seededAt = new Date('2030-01-10T06:30:00Z');
    expect(toStoredDocument({ id: 'h', deadline_in_hours: 0.5 }, seededAt)).toEqual({
      deadline: '2030-01-10T07:00:00.000Z',
    });
    expect(toStoredDocument({ id: 'c', deadline_in_days: -3 }, seededAt)).toEqual({ deadline: '2030-01-07' });
  });
});
