/**
 * The promise's outcome, or a rejection "<what> took longer than <ms> ms" if it has not settled by
 * then. Remote code and data are loaded under such a bound everywhere (browser and server): a host that
 * accepts a connection and never answers would otherwise leave the load pending forever.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    // On the server, a pending bound must not keep the process alive at shutdown.
    (timer as { unref?: () => void }).unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
