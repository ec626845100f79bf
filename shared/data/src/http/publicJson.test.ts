/** @jest-environment node */
import { setRuntimeConfig } from '../config/runtimeConfig';
import { apiSourceConfig } from '../testing/bountyFixtures';
import { HttpError } from './queryFn';
import { fetchPublicJson } from './publicJson';

const API = 'http://127.0.0.1:9';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('fetchPublicJson (a public read of the API as JSON)', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    setRuntimeConfig(apiSourceConfig(API));
  });

  it('GETs the path under apiBase without cookies and reads JSON', async () => {
    fetchMock.mockResolvedValue(answer(200, [{ slug: 'acme' }]));
    await expect(fetchPublicJson('/api/sponsors')).resolves.toEqual([{ slug: 'acme' }]);
    expect(fetchMock).toHaveBeenCalledWith(`${API}/api/sponsors`, { credentials: 'omit' });
  });

  it('answers a 404 with notFound when one is given, and throws it otherwise', async () => {
    fetchMock.mockResolvedValue(answer(404, 'No such sponsor'));
    await expect(fetchPublicJson('/api/sponsors/none', null)).resolves.toBeNull();
    const error = await fetchPublicJson('/api/sponsors/none').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(404);
  });

  it('throws any other failure, notFound or not', async () => {
    fetchMock.mockResolvedValue(answer(500, 'down'));
    await expect(fetchPublicJson('/api/v1/talent', null)).rejects.toThrow('500: "down"');
  });
});
