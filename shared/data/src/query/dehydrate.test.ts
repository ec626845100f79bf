import { QueryClient } from './QueryClient';
import { dehydrate, hydrate } from './dehydrate';

class NotFound extends Error {
  readonly status = 404;
}

describe('dehydrate and hydrate', () => {
  it('carry answers and errors through JSON, not the queries still waiting', async () => {
    const server = new QueryClient();
    server.setQueryData(['bounty', 'a'], { title: 'A' });
    await server.prefetchQuery({
      queryKey: ['bounty', 'b'],
      queryFn: () => Promise.reject(new NotFound('404: gone')),
    });
    void server.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise(() => undefined) });

    const sent = JSON.parse(JSON.stringify(dehydrate(server)));
    expect(sent.queries).toHaveLength(2);

    const browser = new QueryClient();
    hydrate(browser, sent);
    expect(browser.getQueryData(['bounty', 'a'])).toEqual({ title: 'A' });
    expect(browser.getQueryState(['bounty', 'b'])).toMatchObject({
      status: 'error',
      error: { message: '404: gone', status: 404 },
    });
    expect(browser.getQueryState(['slow']).status).toBe('pending');
  });

  it('keeps data the browser already has that is newer than the server’s', () => {
    const browser = new QueryClient();
    browser.setQueryData(['x'], 'newer', 2000);
    hydrate(browser, {
      queries: [
        { queryKey: ['x'], state: { status: 'success', data: 'older', error: null, updatedAt: 1000 } },
      ],
    });
    expect(browser.getQueryData(['x'])).toBe('newer');
  });
});
