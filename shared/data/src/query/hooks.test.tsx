import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from './QueryClient';
import { QueryClientProvider, useMutation, useQuery } from './hooks';

function Title({ id, queryFn }: { id: string; queryFn: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['title', id], queryFn });
  if (query.isPending) return <p>loading</p>;
  if (query.isError)
    return (
      <button type="button" onClick={() => void query.refetch()}>
        {`failed: ${query.error.message}`}
      </button>
    );
  return <p>{query.data}</p>;
}

describe('useQuery', () => {
  it('asks once on mount, shows the answer, and reads a cached answer without asking', async () => {
    const client = new QueryClient({ staleTime: Infinity });
    const queryFn = jest.fn(async () => 'Build a CLI');
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <Title id="a" queryFn={queryFn} />
        <Title id="a" queryFn={queryFn} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByText('loading')).toHaveLength(2);
    expect(await screen.findAllByText('Build a CLI')).toHaveLength(2);
    unmount();
    render(
      <QueryClientProvider client={client}>
        <Title id="a" queryFn={queryFn} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Build a CLI')).toBeInTheDocument();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('shows an error and recovers through refetch', async () => {
    const client = new QueryClient();
    const queryFn = jest.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce('Back');
    render(
      <QueryClientProvider client={client}>
        <Title id="b" queryFn={queryFn} />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'failed: 500' }));
    expect(await screen.findByText('Back')).toBeInTheDocument();
  });

  it('does not ask again on mount for a server-rendered error', () => {
    const client = new QueryClient();
    client.setQueryError(['title', 'c'], new Error('404'));
    const queryFn = jest.fn(async () => 'never');
    render(
      <QueryClientProvider client={client}>
        <Title id="c" queryFn={queryFn} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'failed: 404' })).toBeInTheDocument();
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('shows data written to the cache by someone else', async () => {
    const client = new QueryClient({ staleTime: Infinity });
    client.setQueryData(['title', 'd'], 'First');
    render(
      <QueryClientProvider client={client}>
        <Title id="d" queryFn={async () => 'unused'} />
      </QueryClientProvider>,
    );
    act(() => {
      client.setQueryData(['title', 'd'], 'Second');
    });
    expect(screen.getByText('Second')).toBeInTheDocument();
  });
});

describe('useMutation', () => {
  function Send({ send, onError }: { send: (text: string) => Promise<string>; onError: () => void }) {
    const mutation = useMutation({ mutationFn: send, onError });
    return (
      <>
        <button type="button" onClick={() => mutation.mutate('hi')}>
          send
        </button>
        <p>{mutation.isPending ? 'sending' : (mutation.data ?? mutation.status)}</p>
      </>
    );
  }

  it('goes from idle through pending to its answer', async () => {
    const onError = jest.fn();
    render(<Send send={async (text) => `sent ${text}`} onError={onError} />);
    expect(screen.getByText('idle')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('sent hi')).toBeInTheDocument();
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a failure to onError and shows the error state', async () => {
    const onError = jest.fn();
    render(<Send send={() => Promise.reject(new Error('offline'))} onError={onError} />);
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('error')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'offline' }), 'hi');
  });
});
