// Test helper (not shipped code) for the secrets scans (scoredSecrets.test.ts, testScoredSecrets.test.ts):
// every answer a whole run of requests got, and every log line the site wrote, kept to be searched.
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import type request from 'supertest';

export interface RecordedAnswer {
  who: string;
  what: string;
  status: number;
  /** Its headers and body; a gzip download (a tar.gz) unpacked, so a mark inside an archive is found. */
  text: string;
}

/** The recorded answers, the log lines, the logger that writes them (give it to startTestSite), and `record`. */
export function secretsRecorder() {
  const answers: RecordedAnswer[] = [];
  const logLines: string[] = [];
  const logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );
  /** Keeps the answer `who` got to `what`, and hands it on. */
  function record(who: string, what: string, response: request.Response): request.Response {
    const bytes = Buffer.isBuffer(response.body) ? response.body : null;
    const body =
      bytes && bytes[0] === 0x1f && bytes[1] === 0x8b
        ? gunzipSync(bytes).toString('latin1')
        : (response.text ?? bytes?.toString('utf8') ?? JSON.stringify(response.body));
    answers.push({
      who,
      what,
      status: response.status,
      text: `${JSON.stringify(response.headers)}\n${body}`,
    });
    return response;
  }
  return { answers, logLines, logger, record };
}
