/** @jest-environment node */
import { setRuntimeConfig } from '../config/runtimeConfig';
import { apiSourceConfig, makeBounty } from '../testing/bountyFixtures';
import { fetchBountyList } from './apiSource';

const API = 'http://127.0.0.1:9';

function answer(status: number, body: unknown, etag?: string): Response {
  return new Response(status === 304 ? null : JSON.stringify(body), {
    status,
    headers: etag
      ? { ETag: etag, 'Content-Type': 'application/json' }
      : { 'Content-Type': 'application/json' },
  });
}

describe('fetchBountyList on the server', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    setRuntimeConfig(apiSourceConfig(API));
  });

  it('asks again with the list’s ETag and keeps the list it has on a 304', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, [makeBounty({ id: 'a' })], 'W/"v1"'));
    const first = await fetchBountyList();
    expect(first.map((bounty) => bounty.id)).toEqual(['a']);

    fetchMock.mockResolvedValueOnce(answer(304, null, 'W/"v1"'));
    expect(await fetchBountyList()).toBe(first);
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toEqual({ 'If-None-Match': 'W/"v1"' });

    // A changed list comes whole, with its new ETag.
    fetchMock.mockResolvedValueOnce(answer(200, [makeBounty({ id: 'b' })], 'W/"v2"'));
    expect((await fetchBountyList()).map((bounty) => bounty.id)).toEqual(['b']);
    fetchMock.mockResolvedValueOnce(answer(304, null, 'W/"v2"'));
    expect((await fetchBountyList()).map((bounty) => bounty.id)).toEqual(['b']);
  });

  it('keeps nothing from an answer without an ETag, and fails on an error as before', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, [makeBounty({ id: 'c' })]));
    await fetchBountyList();
    fetchMock.mockResolvedValueOnce(answer(503, 'down'));
    await expect(fetchBountyList()).rejects.toThrow('503');
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toBeUndefined();
  });
});
