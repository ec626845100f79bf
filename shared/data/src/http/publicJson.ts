// The package's own entry, not '../config/runtimeConfig': '@side-quest/data' is the one shared
// singleton the shell (or the server) configured, while the subpaths that use this are bundled into each
// remote, where a relative import would be a second, never-configured copy of the runtime configuration.
import { getRuntimeConfig } from '@side-quest/data';
import { throwIfNotOk } from './queryFn';

/**
 * A public read of the site's API as JSON: a GET of `path` under the runtime config's apiBase (the
 * server's own origin in server rendering, the page's in the browser), without cookies. `notFound` is
 * the answer to a 404, which otherwise throws like any failure (HttpError, "{status}: {body}").
 */
export async function fetchPublicJson<T>(path: string, notFound?: T): Promise<T> {
  const response = await fetch(`${getRuntimeConfig().apiBase ?? ''}${path}`, { credentials: 'omit' });
  if (notFound !== undefined && response.status === 404) return notFound;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}
