import { QueryClient } from './QueryClient';
import { hashQueryKey } from './queryKey';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('hashQueryKey', () => {
  it('names keys with the same objects in another property order alike', () => {
    expect(hashQueryKey(['bounties', { stage: 'open', sort: 'new' }])).toBe(
      hashQueryKey(['bounties', { sort: 'new', stage: 'open' }]),
    );
    expect(hashQueryKey(['bounty', 'a'])).not.toBe(hashQueryKey(['bounty', 'b']));
  });
});

describe('QueryClient', () => {
  it('sends one request for readers of the same key at the same time', async () => {
    const client = new QueryClient();
    const answer = deferred<string>();
    const queryFn = jest.fn(() => answer.promise);
    const first = client.fetchQuery({ queryKey: ['x'], queryFn });
    const second = client.fetchQuery({ queryKey: ['x'], queryFn });
    answer.resolve('data');
    await expect(Promise.all([first, second])).resolves.toEqual(['data', 'data']);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('answers from the cache while fresh and asks again once stale', async () => {
    const client = new QueryClient({ staleTime: 1000 });
    let calls = 0;
    const queryFn = async () => ++calls;
    expect(await client.fetchQuery({ queryKey: ['n'], queryFn })).toBe(1);
    expect(await client.fetchQuery({ queryKey: ['n'], queryFn })).toBe(1);
    expect(await client.fetchQuery({ queryKey: ['n'], queryFn, staleTime: 0 })).toBe(2);
  });

  it('keeps the data through a failed refetch and records the error', async () => {
    const client = new QueryClient({ staleTime: Infinity });
    client.setQueryData(['x'], 'old');
    await expect(
      client.refetch({ queryKey: ['x'], queryFn: () => Promise.reject(new Error('down')) }),
    ).rejects.toThrow('down');
    expect(client.getQueryState(['x'])).toMatchObject({ status: 'error', data: 'old', fetching: false });
    expect((client.getQueryState(['x']).error as Error).message).toBe('down');
  });

  it('uses its default query function for a key without one', async () => {
    const client = new QueryClient({ queryFn: async ({ queryKey }) => queryKey.join('/') });
    expect(await client.fetchQuery({ queryKey: ['/api', 'bounties'] })).toBe('/api/bounties');
  });

  it('prefetchQuery leaves a failure in the cache instead of rejecting', async () => {
    const client = new QueryClient();
    await expect(
      client.prefetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(new Error('404')) }),
    ).resolves.toBeUndefined();
    expect(client.getQueryState(['x']).status).toBe('error');
  });

  it('ensureQueryData answers with cached data however old', async () => {
    const client = new QueryClient({ staleTime: 0 });
    client.setQueryData(['x'], 'cached', 0);
    const queryFn = jest.fn(async () => 'new');
    expect(await client.ensureQueryData({ queryKey: ['x'], queryFn })).toBe('cached');
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('tells subscribers of a key, and only them, about its changes', () => {
    const client = new QueryClient();
    const onX = jest.fn();
    const onY = jest.fn();
    const unsubscribe = client.subscribe(['x'], onX);
    client.subscribe(['y'], onY);
    client.setQueryData(['x'], 1);
    client.setQueryData<number>(['x'], (previous) => (previous ?? 0) + 1);
    expect(client.getQueryData(['x'])).toBe(2);
    unsubscribe();
    client.setQueryData(['x'], 3);
    expect(onX).toHaveBeenCalledTimes(2);
    expect(onY).not.toHaveBeenCalled();
  });
});
