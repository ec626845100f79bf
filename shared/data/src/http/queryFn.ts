/**
 * The generic query function (shared/README.md, "Queries"): a GET to the path held in the query key,
 * cookies included. A 401 throws (default) or yields null; any other non-OK response throws
 * "{status}: {body or status text}"; a success is read as JSON.
 */
export type UnauthorizedBehavior = 'throw' | 'returnNull';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = (await response.text().catch(() => '')) || response.statusText;
  throw new HttpError(response.status, `${response.status}: ${body}`);
}

export function getQueryFn<T>({ on401 = 'throw' }: { on401?: UnauthorizedBehavior } = {}) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
