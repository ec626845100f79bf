// A module run as a server in a process of its own, for the bench and the browser tests: started with
// `--serve` under tsx, it prints one JSON line once it serves (its URL and more); stop() ends exactly
// that process.
const { spawn } = require('node:child_process');

/**
 * Ends a child process: SIGTERM, then SIGKILL after 5 s; resolves once it has ended (at once if it has).
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
function stopChildProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(killTimer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Runs `moduleFile --serve` under tsx and resolves with the JSON line it prints once it serves, plus
 * its pid and stop().
 * @param {string} moduleFile
 * @param {string} name for the error messages
 * @param {number} startupMs how long its build and start may take
 * @param {string[]} [args] more arguments for it
 */
function startServeProcess(moduleFile, name, startupMs, args = []) {
  const tsx = require.resolve('tsx/cli');
  const child = spawn(process.execPath, [tsx, moduleFile, '--serve', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => stopChildProcess(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the ${name} did not start within ${startupMs / 1000} s`));
    }, startupMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${name} exited with ${code}`));
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      resolve({ ...JSON.parse(line), pid: child.pid, stop });
    });
  });
}

module.exports = { startServeProcess, stopChildProcess };
