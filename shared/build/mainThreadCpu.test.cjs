/* global describe, it, expect -- Jest provides them */
const { mainThreadCpu, WINDOW_MS } = require('./mainThreadCpu.cjs');

const PAGE = { pid: 7, tid: 1 };
const navigation = {
  ...PAGE,
  name: 'navigationStart',
  ph: 'R',
  ts: 1000,
  args: { data: { documentLoaderURL: 'http://127.0.0.1:4000/blog/a', isLoadingMainFrame: true } },
};
const fcp = { ...PAGE, name: 'firstContentfulPaint', ph: 'R', ts: 50000 };
/** A main-thread task of `wallMs` wall time and `cpuMs` CPU time starting at `atMs`. */
const task = (atMs, wallMs, cpuMs, where = PAGE) => ({
  ...where,
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  ts: atMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe('mainThreadCpu', () => {
  it("sums the page's main-thread CPU time since its navigation, and after the first paint", () => {
    const trace = {
      traceEvents: [
        navigation,
        fcp,
        task(0, 5, 5), // before the navigation: another page
        task(10, 30, 8),
        task(60, 90, 20), // a long task in CPU time
        task(200, 60, 10), // long in wall time only: the core was busy elsewhere
        task(300, 10, 4, { pid: 8, tid: 1 }), // another process
        task(1 + WINDOW_MS, 20, 20), // after the window
      ],
    };
    expect(mainThreadCpu(trace)).toEqual({ cpuMs: 38, cpuAfterFcpMs: 30, longCpuTasks: 1 });
  });

  it('counts a task nested in another once', () => {
    const events = [navigation, fcp, task(60, 40, 20), task(70, 10, 5)];
    expect(mainThreadCpu(events)).toEqual({ cpuMs: 20, cpuAfterFcpMs: 20, longCpuTasks: 1 });
  });

  it('gives nothing for a trace without a page load or a first paint', () => {
    expect(mainThreadCpu({ traceEvents: [fcp, task(60, 20, 20)] })).toBeNull();
    expect(mainThreadCpu({ traceEvents: [navigation, task(60, 20, 20)] })).toBeNull();
  });
});
