// What this machine charges for work that is not the page's: the CPU Chromium spends loading a blank
// page in a fresh browser (as every Lighthouse run starts one), and the cost of touching new memory.
// `npm run bench` prints both beside its Lighthouse table, so a TBT figure can be read against the
// machine it came from: Lighthouse multiplies each main-thread task's *wall* time by 4, and on a
// 2-core machine a browser that needs a second of CPU for its own start stretches every task of the
// page that competes with it (shared/build/README.md, "Reading TBT on a busy machine").
const fs = require('node:fs');
const http = require('node:http');
const { median } = require('./median.cjs');

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux, the unit of /proc/<pid>/stat's times
const PAGE_BYTES = 4096;

/**
 * The fields of one /proc/<pid>/stat line that the measurement needs. The command name sits in
 * parentheses and may itself contain spaces and parentheses, so fields are counted from the last ')'.
 * @param {string} text
 * @returns {{ pid: number, ppid: number, cpuTicks: number, userTicks: number, systemTicks: number, pageFaults: number }}
 */
function parseProcStat(text) {
  const pid = Number(text.slice(0, text.indexOf(' ')));
  const fields = text
    .slice(text.lastIndexOf(')') + 2)
    .trim()
    .split(/\s+/);
  // fields[0] is the state (field 3 of proc(5)); ppid is field 4, minflt 10, majflt 12, utime 14, stime 15.
  const userTicks = Number(fields[11]);
  const systemTicks = Number(fields[12]);
  return {
    pid,
    ppid: Number(fields[1]),
    cpuTicks: userTicks + systemTicks,
    userTicks,
    systemTicks,
    pageFaults: Number(fields[7]) + Number(fields[9]),
  };
}

/**
 * The processes of `rootPid`'s tree (itself and every descendant) among `processes`.
 * @template {{ pid: number, ppid: number }} P
 * @param {P[]} processes
 * @param {number} rootPid
 * @returns {P[]}
 */
function processTree(processes, rootPid) {
  const inTree = new Set([rootPid]);
  // Parents can be listed after their children: repeat until no process joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const process of processes)
      if (!inTree.has(process.pid) && inTree.has(process.ppid)) {
        inTree.add(process.pid);
        grew = true;
      }
  }
  return processes.filter((process) => inTree.has(process.pid));
}

/**
 * User and system CPU (ms) and page faults that the processes of a tree spent between two readings. A
 * process that started after the first reading counts from zero; one that ended before the second is
 * not counted.
 * @typedef {{ pid: number, userTicks: number, systemTicks: number, pageFaults: number }} ProcessReading
 * @param {ProcessReading[]} before
 * @param {ProcessReading[]} after
 */
function cpuSpent(before, after) {
  const earlier = new Map(before.map((process) => [process.pid, process]));
  let userTicks = 0;
  let systemTicks = 0;
  let pageFaults = 0;
  for (const process of after) {
    const start = earlier.get(process.pid);
    userTicks += process.userTicks - (start ? start.userTicks : 0);
    systemTicks += process.systemTicks - (start ? start.systemTicks : 0);
    pageFaults += process.pageFaults - (start ? start.pageFaults : 0);
  }
  const ms = (ticks) => Math.round((ticks * 1000) / CLOCK_TICKS_PER_SECOND);
  return { userMs: ms(userTicks), systemMs: ms(systemTicks), cpuMs: ms(userTicks + systemTicks), pageFaults };
}

/** Every process's /proc stat line, parsed (processes that end while they are read are skipped). */
function readProcesses() {
  const processes = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      processes.push(parseProcStat(fs.readFileSync(`/proc/${entry}/stat`, 'utf8')));
    } catch {
      // ended between the listing and the read
    }
  }
  return processes;
}

/** The PID of the Chromium browser process using this profile folder (its command line names it). */
function browserPidFor(profileDir) {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (
        args.some((arg) => arg === `--user-data-dir=${profileDir}`) &&
        !args.some((arg) => arg.startsWith('--type='))
      )
        return Number(entry);
    } catch {
      // ended between the listing and the read
    }
  }
  return undefined;
}

/**
 * The CPU a fresh Chromium spends to open a blank page, from the moment its launch resolves to one
 * second after the page's load (median of `runs`), read from /proc over the browser's whole process tree.
 * @param {{ launchBrowser: (options?: object) => Promise<any>, runs?: number }} options
 */
async function blankPageCpu({ launchBrowser, runs = 3 }) {
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>blank</title><p>Blank page.</p></html>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const readings = [];
  try {
    for (let run = 0; run < runs; run++) {
      const browser = await launchBrowser();
      try {
        const root = browserPidFor(browser.profileDir);
        if (root === undefined) throw new Error('the browser process was not found in /proc');
        const page = browser.pages()[0] || (await browser.newPage());
        const before = processTree(readProcesses(), root);
        await page.goto(url, { waitUntil: 'load' });
        await new Promise((resolve) => setTimeout(resolve, 1000));
        readings.push(cpuSpent(before, processTree(readProcesses(), root)));
      } finally {
        await browser.cleanup();
      }
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  const pick = (key) => median(readings.map((reading) => reading[key]));
  return {
    cpuMs: pick('cpuMs'),
    userMs: pick('userMs'),
    systemMs: pick('systemMs'),
    pageFaults: pick('pageFaults'),
  };
}

/** Microseconds to touch one new 4 KiB page of memory (the page fault), median of three 64 MB runs. */
function firstTouchMicrosPerPage() {
  const bytes = 64 * 1024 * 1024;
  const times = [];
  for (let run = 0; run < 3; run++) {
    const start = process.hrtime.bigint();
    const memory = Buffer.allocUnsafeSlow(bytes); // fresh pages from the kernel, not Node's pool
    for (let offset = 0; offset < bytes; offset += PAGE_BYTES) memory[offset] = 1;
    times.push(Number(process.hrtime.bigint() - start) / 1000 / (bytes / PAGE_BYTES));
  }
  return Number(median(times).toFixed(2));
}

module.exports = {
  parseProcStat,
  processTree,
  cpuSpent,
  blankPageCpu,
  firstTouchMicrosPerPage,
};
