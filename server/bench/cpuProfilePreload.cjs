/**
 * Preloaded into a server process by ssr.bench.ts `--cpu-prof DIR` (node --require; Node refuses
 * --cpu-prof in NODE_OPTIONS): SIGUSR2 starts V8's sampling profiler, the next SIGUSR2 stops it and
 * writes `<SQ_CPU_PROFILE>-<n>.cpuprofile`, so a profile holds the measured load only, not the start-up.
 */
const fs = require('node:fs');
const inspector = require('node:inspector');

const prefix = process.env.SQ_CPU_PROFILE;
if (prefix) {
  const session = new inspector.Session();
  session.connect();
  let running = false;
  let written = 0;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () =>
        session.post('Profiler.setSamplingInterval', { interval: 250 }, () => session.post('Profiler.start')),
      );
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      if (error) return console.error('The CPU profile could not be taken', error);
      written += 1;
      const file = `${prefix}-${written}.cpuprofile`;
      fs.writeFileSync(`${file}.part`, JSON.stringify(result.profile));
      // Renamed once whole: the bench waits for this name.
      fs.renameSync(`${file}.part`, file);
    });
  });
}
