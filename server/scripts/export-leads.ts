// Writes every stored lead as CSV: `npm run leads:export` (stdout) or `npm run leads:export -- out.csv`.
// Reads DATA_DIR like the server; opens the database read-only, so it is safe while the server runs.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { readServerConfig } from '../src/config/serverConfig';
import { LEADS_DB_FILE } from '../src/leads/leadsRouter';
import { csvHeader, leadCsvRow } from '../src/leads/leadsCsv';
import type { StoredLead } from '../src/leads/leadStore';

function main(): number {
  const outFile = process.argv[2];
  const { dataDir } = readServerConfig();
  const dbFile = path.join(dataDir, LEADS_DB_FILE);
  const out = outFile ? fs.openSync(outFile, 'w') : 1;
  const write = (text: string) => fs.writeSync(out, text);
  write(csvHeader());
  let count = 0;
  if (fs.existsSync(dbFile)) {
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'leads'").get();
    if (hasTable) {
      const rows = db
        .prepare(
          `SELECT id, created_at AS createdAt, email, challenge_type AS challengeType,
                  challenge_description AS challengeDescription, cost_impact AS costImpact,
                  page_uri AS pageUri, page_name AS pageName
           FROM leads ORDER BY id`,
        )
        .iterate() as IterableIterator<StoredLead>;
      for (const lead of rows) {
        write(leadCsvRow(lead));
        count += 1;
      }
    }
    db.close();
  }
  if (outFile) fs.closeSync(out);
  console.error(
    `Exported ${count} lead${count === 1 ? '' : 's'} from ${dbFile}${outFile ? ` to ${outFile}` : ''}.`,
  );
  return 0;
}

process.exitCode = main();
