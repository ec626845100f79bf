// The page's main-thread CPU time in a Chromium trace (a Lighthouse run's saved trace): a figure that
// follows the page's own work more closely than Lighthouse's total blocking time, which follows the
// wall time of each task, and so how busy the machine's cores were with Lighthouse, the server and the
// browser's other processes at that moment (tasks here took 2-4x their CPU time in wall time on a
// 2-core machine). It still moves between runs: compare a change with a baseline from the same session.

/** Lighthouse's simulated phone counts a task at 4x its time, and what is over 50 ms as blocking. */
const LONG_TASK_CPU_MS = 50 / 4;

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The window counted, from the navigation: a page here has painted and hydrated by then, and Lighthouse's
 * traces end 3.2-3.8 s in, later on a page that keeps working (the for-clients typing placeholder), so
 * a fixed window keeps the figure from following the trace's length.
 */
const WINDOW_MS = 3000;

/**
 * The page's main-thread CPU in the first WINDOW_MS after its navigation: in all, after its first
 * contentful paint, and the number of tasks after that paint whose CPU time alone is long.
 * @param {{ traceEvents?: any[] } | any[]} trace
 * @returns {{ cpuMs: number, cpuAfterFcpMs: number, longCpuTasks: number } | null} null when the trace
 *   has no page navigation or first contentful paint
 */
function mainThreadCpu(trace) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents || [];
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      /^https?:/.test(event.args?.data?.documentLoaderURL ?? '') &&
      event.args?.data?.isLoadingMainFrame,
  );
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!navigation || !fcp) return null;
  const tasks = events
    .filter(
      (event) =>
        event.ph === 'X' &&
        TASK_NAMES.has(event.name) &&
        event.pid === fcp.pid &&
        event.tid === fcp.tid &&
        event.ts >= navigation.ts &&
        event.ts < navigation.ts + WINDOW_MS * 1000,
    )
    .sort((a, b) => a.ts - b.ts);
  let cpuUs = 0;
  let cpuAfterFcpUs = 0;
  let longCpuTasks = 0;
  let end = -Infinity;
  for (const task of tasks) {
    if (task.ts < end) continue; // a task nested in one already counted
    end = task.ts + (task.dur ?? 0);
    const cpu = task.tdur ?? 0;
    cpuUs += cpu;
    if (task.ts >= fcp.ts) {
      cpuAfterFcpUs += cpu;
      if (cpu / 1000 > LONG_TASK_CPU_MS) longCpuTasks++;
    }
  }
  return {
    cpuMs: Math.round(cpuUs / 1000),
    cpuAfterFcpMs: Math.round(cpuAfterFcpUs / 1000),
    longCpuTasks,
  };
}

module.exports = { mainThreadCpu, LONG_TASK_CPU_MS, WINDOW_MS };
