import { getQueryFn, HttpError, throwIfNotOk } from './queryFn';

/** A stand-in for fetch's Response (jsdom has none): just what the query function reads. */
function response(status: number, body: string, statusText = ''): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => body,
    json: async () => JSON.parse(body) as unknown,
  } as Response;
}

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('getQueryFn (the generic query: a GET to the path in its key)', () => {
  it('GETs the path held in the query key, with cookies included, and reads JSON', async () => {
    fetchMock.mockResolvedValue(response(200, '{"items":[1,2]}'));
    const result = await getQueryFn<{ items: number[] }>()({ queryKey: ['/api/things', 42] });
    expect(result).toEqual({ items: [1, 2] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things/42');
    expect(init?.credentials).toBe('include');
    expect(init?.method ?? 'GET').toBe('GET');
  });

  it('throws on 401 by default, with the status and body', async () => {
    fetchMock.mockResolvedValue(response(401, 'Please sign in', 'Unauthorized'));
    const error = await getQueryFn()({ queryKey: ['/api/me'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('401: Please sign in');
    expect((error as HttpError).status).toBe(401);
  });

  it('yields null on 401 when asked to', async () => {
    fetchMock.mockResolvedValue(response(401, 'Please sign in', 'Unauthorized'));
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/me'] })).resolves.toBeNull();
  });

  it('still throws other failures when 401 yields null', async () => {
    fetchMock.mockResolvedValue(response(403, 'Forbidden here', 'Forbidden'));
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/me'] })).rejects.toThrow(
      '403: Forbidden here',
    );
  });

  it('throws "{status}: {body}" for a non-OK response, and the status text when the body is empty', async () => {
    fetchMock.mockResolvedValueOnce(response(500, 'database is down', 'Internal Server Error'));
    await expect(getQueryFn()({ queryKey: ['/api/x'] })).rejects.toThrow('500: database is down');
    fetchMock.mockResolvedValueOnce(response(503, '', 'Service Unavailable'));
    await expect(getQueryFn()({ queryKey: ['/api/x'] })).rejects.toThrow('503: Service Unavailable');
  });

  it('falls back to the status text when the body cannot be read', async () => {
    const unreadable = {
      ...response(502, '', 'Bad Gateway'),
      text: () => Promise.reject(new Error('reset')),
    };
    await expect(throwIfNotOk(unreadable as Response)).rejects.toThrow('502: Bad Gateway');
  });

  it('lets a network failure reject the query', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(getQueryFn()({ queryKey: ['/api/x'] })).rejects.toThrow('Failed to fetch');
  });
});
