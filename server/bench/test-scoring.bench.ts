/**
 * Test-scoring core speed (issue 56): the host-side work of an upload and of a run's results, at the
 * limits. Checks the listing of a tar.gz and of a ZIP of --files files (default 20,000, the limit), and
 * reads a JUnit report of 10,000 failing tests (the reader's limit) with ~900 bytes of failure each;
 * prints the wall time and CPU time of each, the median of --runs. Prints its figures; not a test.
 *
 *   node node_modules/.bin/tsx server/bench/test-scoring.bench.ts [--files 20000] [--runs 3]
 */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import { checkArchiveListing, readJUnit } from '../src/test-scoring';
import { zipArchive } from '../src/testing/testZipArchive';
import { benchOption } from './benchOption';

const files = benchOption('files', 20_000);
const runs = benchOption('runs', 3);

async function tarGzOf(count: number): Promise<Buffer> {
  const pack = tar.pack();
  const bytes = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  })();
  for (let i = 0; i < count; i += 1)
    pack.entry({ name: `src/d${i % 100}/f${i}.js` }, 'module.exports = 1;\n');
  pack.finalize();
  return gzipSync(await bytes);
}

async function measure(label: string, task: () => Promise<unknown>): Promise<void> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await task();
    walls.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(
    `${label}: ${median(walls).toFixed(0)} ms wall, ${median(cpus).toFixed(0)} ms CPU (median of ${runs})`,
  );
}

async function main() {
  const tgz = await tarGzOf(files);
  await measure(
    `tar.gz listing, ${files.toLocaleString('en-US')} files (${Math.round(tgz.length / 1024)} KB)`,
    () => checkArchiveListing(Readable.from([tgz]), 'tar.gz', { reservedPaths: ['tests'] }),
  );
  const zip = zipArchive(
    Array.from({ length: files }, (_, i) => ({ name: `src/f${i}.js`, data: 'module.exports = 1;\n' })),
  );
  await measure(
    `ZIP listing, ${files.toLocaleString('en-US')} files (${Math.round(zip.length / 1024)} KB)`,
    () => checkArchiveListing(Readable.from([zip]), 'zip', { reservedPaths: ['tests'] }),
  );
  const cases = Array.from(
    { length: 10_000 },
    (_, i) =>
      `<testcase name="t${i}" classname="test" time="0.001"><failure message="m">${'x'.repeat(900)}</failure></testcase>`,
  );
  const xml = Buffer.from(`<testsuites>${cases.join('')}</testsuites>`);
  await measure(
    `JUnit report, 10,000 failing tests (${(xml.length / 1024 / 1024).toFixed(1)} MB)`,
    async () => readJUnit(xml),
  );
}

void main();
