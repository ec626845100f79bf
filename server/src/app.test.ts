import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStores } from './app';
import { readServerConfig } from './config/serverConfig';

describe('openStores', () => {
  it('opens one database per feature in DATA_DIR, and what was stored survives close and reopen', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-stores-'));
    const config = readServerConfig({ DATA_DIR: dataDir });
    const first = openStores(config);
    expect(first.leadForwarder).toBeNull();
    await first.leads.save({
      email: 'cto@example.com',
      challengeType: 'hiring',
      challengeDescription: 'Hiring takes months',
      costImpact: '',
      pageUri: 'https://sidequest.example/for-clients',
      pageName: '',
    });
    await first.contacts.addSignup({ email: 'ada@example.com', source: 'signup', pageUri: '' });
    await first.bountySubmissions.save({
      title: 'T',
      company: 'C',
      description: 'D',
      bountyAmount: 1,
      deadlineDays: 1,
      domain: 'Software',
    });
    const bounties = first.bounties.count();
    await first.close();
    expect(
      fs
        .readdirSync(dataDir)
        .filter((file) => file.endsWith('.db'))
        .sort(),
    ).toEqual([
      'accounts.db',
      'alerts.db',
      'bounties.db',
      'bounty-submissions.db',
      'contacts.db',
      'hiring.db',
      'leads.db',
      'lifecycle.db',
      'mail.db',
      'rate-limits.db',
      'releases.db',
      'runs.db',
      'scored.db',
    ]);

    const second = openStores(config);
    expect(await second.leads.count()).toBe(1);
    expect(await second.contacts.listSignups()).toEqual([
      expect.objectContaining({ email: 'ada@example.com' }),
    ]);
    expect(await second.bountySubmissions.all()).toEqual([
      expect.objectContaining({ title: 'T', status: 'pending' }),
    ]);
    expect(second.bounties.count()).toBe(bounties);
    await second.close();
  });
});
