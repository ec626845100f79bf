/** An error's first line (no stack, no multi-line details): what a log line or a problem report says. */
export function errorReason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] || 'unknown error';
}

/**
 * Reports a remote that failed on the server at most once per `intervalMs` per remote: a failing remote
 * fails every request, and one line a minute says as much as a thousand.
 */
export function createFailureLog(
  report: (message: string) => void,
  intervalMs = 60_000,
  now: () => number = Date.now,
): (remote: string, error: unknown) => void {
  const lastReported = new Map<string, number>();
  return (remote, error) => {
    const at = now();
    if (at - (lastReported.get(remote) ?? Number.NEGATIVE_INFINITY) < intervalMs) return;
    lastReported.set(remote, at);
    report(`Server rendering: ${remote} is left to the browser (${errorReason(error)})`);
  };
}
