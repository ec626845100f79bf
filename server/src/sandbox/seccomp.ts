// The seccomp filter, built once per process by buildSeccompFilter.py (Debian's python3-seccomp) and cached.

import { execFile } from 'node:child_process';
import path from 'node:path';
import { PYTHON } from './bwrapArgs';

const SCRIPT = path.join(__dirname, 'buildSeccompFilter.py');

let cached: Promise<Buffer> | null = null;

function build(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      PYTHON,
      ['-I', SCRIPT],
      { encoding: 'buffer', env: {}, timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(
              `the seccomp filter could not be built (python3-seccomp?): ${stderr.toString().trim() || error.message}`,
            ),
          );
        } else if (stdout.length === 0 || stdout.length % 8 !== 0) {
          reject(new Error('the seccomp filter came out empty or malformed'));
        } else resolve(stdout);
      },
    );
  });
}

/** The filter's BPF program (a failed build is retried on the next call). */
export function seccompFilter(): Promise<Buffer> {
  if (!cached) {
    cached = build();
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}
