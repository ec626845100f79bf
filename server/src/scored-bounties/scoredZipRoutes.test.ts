import request from 'supertest';
import type { TestSite } from '../testing/testAccounts';
import { zipArchive, type TestMember } from '../testing/testZipArchive';
import { downloadContentType } from './scoredRoutes';
import {
  PARCELS_BOUNTY,
  postBounty,
  siteKinds,
  siteRequests,
  scoredSitePeople,
  startScoredSite,
  storedBlobCount,
  scoringSetupForm,
  type SetupUpload,
} from '../testing/testScoredSite';

// Entrants' data as ZIP and the sample entry's check, over HTTP on both databases (issue 45 item 2): a
// ZIP of inputs holding one CSV is checked against the key like a CSV; a bad archive (damaged, a bomb, a
// path out of its folder, not one CSV) is a 400 with its reason and stores nothing; an invalid sample
// entry is refused with its problems by line; downloads keep their name and say application/zip.
const kinds = siteKinds('scored_zip_routes', { BOUNTY_SUBMISSIONS_RATE_LIMIT: '1000' });

const ROWS = 30;
const ids = Array.from({ length: ROWS }, (_, i) => `p-${String(i).padStart(2, '0')}`);
const keyCsv = `id,target\n${ids.map((id, i) => `${id},${i % 2}`).join('\n')}\n`;
const inputsCsv = `id,weight\n${ids.map((id, i) => `${id},${i + 3}`).join('\n')}\n`;
const sampleCsv = `id,prediction\n${ids.map((id) => `${id},0.5`).join('\n')}\n`;

describe.each(kinds)('scored setup files as ZIP on %s', (_kind, envFor) => {
  let site: TestSite;
  let env: Record<string, string>;
  let owner: string;
  let talent: string;
  let bountyId = '';

  const requests = siteRequests(() => site);
  const setupForm = (files: Partial<Record<'key' | 'inputs' | 'training' | 'sample', SetupUpload>>) =>
    scoringSetupForm(requests, owner, bountyId, files, {
      metric: 'log_loss',
      publicShare: '40',
      dailyEntries: '3',
      licence: 'CC0 1.0',
    }).set('Accept', 'application/json');
  const basics = (more: Partial<Record<'inputs' | 'training' | 'sample', SetupUpload>>) =>
    setupForm({ key: ['key.csv', keyCsv], inputs: ['inputs.csv', inputsCsv], ...more });
  const zip = (...members: TestMember[]) => zipArchive(members);

  const blobCount = () => storedBlobCount(site, env);

  beforeAll(async () => {
    env = await envFor();
    const started = await startScoredSite(env, scoredSitePeople('owner', 'ada'), {
      organisations: [['owner', 'acme']],
    });
    site = started.site;
    ({ owner, ada: talent } = started.cookies);
    // A draft: the setup may be attached again and again.
    bountyId = await postBounty(
      requests,
      owner,
      [['prizes', '500']],
      PARCELS_BOUNTY.map(([name, value]): [string, string] => [name, name === 'intent' ? 'draft' : value]),
    );
  }, 120_000);
  afterAll(() => site.close(), 60_000);

  it('refuses an invalid sample entry with its problems by line, and keeps nothing', async () => {
    const before = await blobCount();
    const wrong = `id,prediction\n${ids
      .slice(0, -1)
      .map((id, i) => `${id},${i === 2 ? '1.5' : i === 4 ? 'soon' : '0.5'}`)
      .join('\n')}\n`;
    const refused = await basics({ sample: ['sample.csv', wrong] }).expect(422);
    expect(refused.body.message).toBe('The sample entry has problems. Nothing was saved.');
    const problems = (refused.body.problems as string[]).join('\n');
    expect(problems).toMatch(/^Sample entry: Line 4: /m);
    expect(problems).toMatch(/^Sample entry: Line 6: /m);
    // Missing ids, as an entrant's file gets them.
    const short = `id,prediction\n${ids
      .slice(0, -1)
      .map((id) => `${id},0.5`)
      .join('\n')}\n`;
    const missing = await basics({ sample: ['sample.csv', short] }).expect(422);
    expect((missing.body.problems as string[]).join('\n')).toBe(
      'Sample entry: The id "p-29" has no prediction.',
    );
    // The same sample inside a ZIP is checked the same way.
    const zipped = await basics({ sample: ['sample.zip', zip({ name: 'sample.csv', data: wrong })] }).expect(
      422,
    );
    expect(zipped.body.problems).toEqual(refused.body.problems);
    // A header that is not an entry's.
    const header = await basics({ sample: ['sample.csv', inputsCsv] }).expect(422);
    expect((header.body.problems as string[])[0]).toMatch(/^Sample entry: Line 1: /);
    expect(await blobCount()).toBe(before);
    expect(await site.stores.scored.setup(bountyId)).toBeNull();
  }, 60_000);

  it.each<[string, Partial<Record<'inputs' | 'training' | 'sample', SetupUpload>>, RegExp]>([
    [
      'not a ZIP at all',
      { training: ['train.zip', 'id,x\n1,2\n'] },
      /^Training data: The ZIP file is damaged/,
    ],
    [
      'a truncated ZIP',
      { training: ['train.zip', zip({ name: 'train.csv', data: inputsCsv }).subarray(0, 60)] },
      /^Training data: The ZIP file is damaged/,
    ],
    [
      'a zip bomb (unpacks to more than 200 MB)',
      {
        training: [
          'train.zip',
          zip(
            { name: 'a.csv', data: Buffer.alloc(110 * 1024 * 1024) },
            { name: 'b.csv', data: Buffer.alloc(100 * 1024 * 1024) },
          ),
        ],
      },
      /^Training data: The ZIP file unpacks to more than 200 MB/,
    ],
    [
      'a member that lies about its size',
      {
        training: [
          'train.zip',
          zip({ name: 'a.csv', data: Buffer.alloc(4 * 1024 * 1024), declaredSize: 10 }),
        ],
      },
      /^Training data: The ZIP file is damaged/,
    ],
    [
      'a path out of its folder',
      { training: ['train.zip', zip({ name: '../../etc/cron.d/x', data: 'x' })] },
      /^Training data: The ZIP file has a member whose name leaves its folder/,
    ],
    [
      'inputs holding two CSVs',
      {
        inputs: [
          'inputs.zip',
          zip({ name: 'inputs.csv', data: inputsCsv }, { name: 'more.csv', data: inputsCsv }),
        ],
      },
      /^Inputs: The ZIP file must hold exactly one CSV file and nothing else; it holds 2 files: "inputs.csv", "more.csv"\.$/,
    ],
    [
      'inputs holding a spreadsheet',
      { inputs: ['inputs.zip', zip({ name: 'inputs.xlsx', data: 'PK' })] },
      /^Inputs: The ZIP file must hold exactly one CSV file/,
    ],
    [
      'a sample holding nothing',
      { sample: ['sample.zip', zip({ name: 'folder/', data: '', deflate: false })] },
      /^Sample entry: The ZIP file holds no file/,
    ],
  ])(
    'refuses %s with 400 and its reason, keeping nothing',
    async (_what, files, reason) => {
      const before = await blobCount();
      const refused = await basics(files).expect(400);
      expect(refused.body.message).toMatch(/is not a ZIP file the server accepts\. Nothing was saved\.$/);
      expect(refused.body.problems).toHaveLength(1);
      expect(refused.body.problems[0]).toMatch(reason);
      expect(await blobCount()).toBe(before);
    },
    60_000,
  );

  it("checks a ZIP of inputs' ids against the key's as a CSV's", async () => {
    const wrong = `id,weight\n${ids.slice(1).join('\n')}\np-99\n`;
    const refused = await basics({
      inputs: ['inputs.zip', zip({ name: 'data/inputs.csv', data: wrong })],
    }).expect(422);
    expect(refused.body.problems).toEqual([
      'Inputs: Line 31: the id "p-99" is not in the answer key.',
      "Inputs: 1 of the answer key's ids are missing from the inputs.",
    ]);
  }, 60_000);

  it('accepts ZIPs (folders and __MACOSX left aside) and serves them as application/zip attachments', async () => {
    const inputsZip = zip(
      { name: 'pumps/', data: '', deflate: false },
      { name: 'pumps/inputs.csv', data: inputsCsv },
      { name: '__MACOSX/pumps/._inputs.csv', data: 'resource fork' },
    );
    const trainingZip = zip(
      { name: 'train/readings.csv', data: inputsCsv.repeat(50) },
      { name: 'train/README.txt', data: 'Readings every hour.', deflate: false },
    );
    const sampleZip = zip({ name: 'sample.csv', data: sampleCsv });
    await basics({
      inputs: ['Pump inputs.zip', inputsZip],
      training: ['training.zip', trainingZip],
      sample: ['sample.zip', sampleZip],
    })
      .expect(303)
      .expect('Location', `/sponsor/acme/bounties/${bountyId}?done=scoring-attached`);

    for (const [kind, name, bytes] of [
      ['inputs', 'Pump_inputs.zip', inputsZip],
      ['training', 'training.zip', trainingZip],
      ['sample', 'sample.zip', sampleZip],
    ] as const) {
      const file = await request(site.app)
        .get(`/api/lifecycle/bounties/${bountyId}/files/${kind}`)
        .set('Cookie', owner)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(file.headers['content-type']).toBe('application/zip');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
    }
    // A draft's files are the team's alone (the bounty is public once approved or published).
    await request(site.app)
      .get(`/api/lifecycle/bounties/${bountyId}/files/inputs`)
      .set('Cookie', talent)
      .expect(404);
  }, 60_000);
});

describe('downloadContentType', () => {
  it('names ZIP and CSV by extension, and anything else as bytes', () => {
    expect(downloadContentType('a.ZIP')).toBe('application/zip');
    expect(downloadContentType('a.csv')).toBe('text/csv');
    expect(downloadContentType('a.zip.exe')).toBe('application/octet-stream');
  });
});
