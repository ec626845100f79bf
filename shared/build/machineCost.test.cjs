/* global describe, it, expect -- Jest provides them */
const { parseProcStat, processTree, cpuSpent, firstTouchMicrosPerPage } = require('./machineCost.cjs');

/** A /proc/<pid>/stat line with the given parent and user/system clock ticks. */
const statLine = (pid, comm, ppid, userTicks, systemTicks, minorFaults = 3713, majorFaults = 2) =>
  `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1 4194560 ${minorFaults} 0 ${majorFaults} 0 ${userTicks} ${systemTicks} 0 0 20 0 12 0 1234 0 0`;

describe('parseProcStat', () => {
  it('reads the parent, the user and system ticks and the page faults, minor and major', () => {
    expect(parseProcStat(statLine(4321, 'chromium', 4300, 118, 68, 3713, 2))).toEqual({
      pid: 4321,
      ppid: 4300,
      userTicks: 118,
      systemTicks: 68,
      cpuTicks: 186,
      pageFaults: 3715,
    });
  });

  it('counts fields from the last parenthesis, so a command name with spaces and brackets does not shift them', () => {
    expect(parseProcStat(statLine(77, 'Web Content (2) x', 1, 5, 6))).toMatchObject({
      ppid: 1,
      userTicks: 5,
      systemTicks: 6,
    });
  });
});

describe('processTree', () => {
  const processes = [
    { pid: 30, ppid: 20 }, // a grandchild listed before its parent
    { pid: 20, ppid: 10 },
    { pid: 10, ppid: 1 },
    { pid: 11, ppid: 1 }, // another browser beside it
    { pid: 40, ppid: 11 },
  ];

  it('keeps the root and every descendant, whatever the listing order', () => {
    expect(processTree(processes, 10).map((process) => process.pid)).toEqual([30, 20, 10]);
  });

  it('leaves out processes of other trees', () => {
    expect(processTree(processes, 11).map((process) => process.pid)).toEqual([11, 40]);
  });
});

describe('cpuSpent', () => {
  it('sums the ticks spent between the readings in ms, counting a new process from zero', () => {
    const before = [
      { pid: 10, userTicks: 100, systemTicks: 50, pageFaults: 1000 },
      { pid: 20, userTicks: 10, systemTicks: 10, pageFaults: 500 },
      { pid: 5, userTicks: 90, systemTicks: 90, pageFaults: 900 }, // ended in between
    ];
    const after = [
      { pid: 10, userTicks: 130, systemTicks: 60, pageFaults: 1400 }, // +30 user, +10 system
      { pid: 20, userTicks: 10, systemTicks: 10, pageFaults: 500 }, // idle
      { pid: 30, userTicks: 40, systemTicks: 25, pageFaults: 2000 }, // started in between
    ];
    expect(cpuSpent(before, after)).toEqual({ userMs: 700, systemMs: 350, cpuMs: 1050, pageFaults: 2400 });
  });
});

describe('firstTouchMicrosPerPage', () => {
  it('measures a positive time per page', () => {
    const micros = firstTouchMicrosPerPage();
    expect(micros).toBeGreaterThan(0);
    expect(Number.isFinite(micros)).toBe(true);
  });
});
