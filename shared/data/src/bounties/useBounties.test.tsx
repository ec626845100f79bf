import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@side-quest/data/query';
import { createQueryClient } from '../http/queryClient';
import { setRuntimeConfig } from '../config/runtimeConfig';
import { apiSourceConfig } from '../testing/bountyFixtures';
import { useBounties, useBounty } from './useBounties';

function response(status: number, body: unknown, statusText = ''): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as Response;
}

const LIST = [
  { id: 'b', item_title: 'Beta', reward_amount: '2,000', bounty_area: 'Software', skill_tags: ['React'] },
  { id: 'a', item_title: 'Alpha', reward_amount: 500, bounty_area: 'AI/ML', skill_tags: 'python, React' },
];

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  setRuntimeConfig(apiSourceConfig());
});

const listCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/bounties').length;

/** Three readers of the list, as the landing page, the bounty list and the compass are. */
function Featured() {
  const { data } = useBounties();
  return <p>featured: {data?.bounties.length ?? 'loading'}</p>;
}
function Marketplace() {
  const { data } = useBounties();
  return <p>domains: {data?.domains.join(',') ?? 'loading'}</p>;
}
function Compass() {
  const { data, error } = useBounties();
  if (error) return <p>error: {error.message}</p>;
  return <p>skills: {data?.skills.join(',') ?? 'loading'}</p>;
}

/** Switches "pages" like client-side navigation: each page mounts its own reader. */
function Site() {
  const [page, setPage] = useState<'landing' | 'bounties' | 'compass'>('landing');
  return (
    <>
      <button onClick={() => setPage('bounties')}>to bounties</button>
      <button onClick={() => setPage('compass')}>to compass</button>
      {page === 'landing' && <Featured />}
      {page === 'bounties' && <Marketplace />}
      {page === 'compass' && <Compass />}
    </>
  );
}

describe('useBounties', () => {
  it('loads the list once for every section that reads it, across navigation', async () => {
    fetchMock.mockResolvedValue(response(200, LIST));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Site />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('featured: 2')).toBeInTheDocument();
    act(() => screen.getByText('to bounties').click());
    expect(await screen.findByText('domains: AI/ML,Software')).toBeInTheDocument();
    act(() => screen.getByText('to compass').click());
    expect(await screen.findByText('skills: python,React')).toBeInTheDocument();
    // Focus and visibility changes do not refetch either (query defaults: never stale, no refetch on focus).
    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(listCalls()).toBe(1);
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
  });

  it('normalises what the server sent', async () => {
    fetchMock.mockResolvedValue(response(200, LIST));
    let seen: unknown;
    function Reader() {
      seen = useBounties().data;
      return null;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Reader />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(seen).toBeDefined());
    expect(seen).toMatchObject({
      bounties: [
        { id: 'b', reward_amount: 2000, skill_tags: ['React'] },
        { id: 'a', reward_amount: 500, skill_tags: ['python', 'React'] },
      ],
    });
  });

  it('fails with "{status}: {body}" and does not retry', async () => {
    fetchMock.mockResolvedValue(response(500, 'database is down', 'Internal Server Error'));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Compass />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('error: 500: database is down')).toBeInTheDocument();
    expect(listCalls()).toBe(1);
  });
});

describe('useBounty', () => {
  function Detail({ id }: { id: string }) {
    const { data, isPending, isFetching } = useBounty(id);
    if (isPending) return <p>{isFetching ? 'loading' : 'idle'}</p>;
    return <p>{data ? `title: ${data.item_title}` : 'not found'}</p>;
  }
  const renderDetail = (id: string) =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Detail id={id} />
      </QueryClientProvider>,
    );

  it('reads one bounty by id, with the id encoded into the path', async () => {
    fetchMock.mockResolvedValue(response(200, { id: 'a/b ü', item_title: 'Odd id' }));
    renderDetail('a/b ü');
    expect(await screen.findByText('title: Odd id')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/bounties/a%2Fb%20%C3%BC');
  });

  it('resolves to null when the server answers 404', async () => {
    fetchMock.mockResolvedValue(response(404, { success: false, message: 'Bounty not found.' }));
    renderDetail('missing');
    expect(await screen.findByText('not found')).toBeInTheDocument();
  });

  it('does not request anything for an empty id', () => {
    renderDetail('');
    expect(screen.getByText('idle')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
