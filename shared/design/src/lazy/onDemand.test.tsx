import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { onDemand } from './onDemand';

describe('onDemand', () => {
  it('downloads once, however often it is asked for', async () => {
    const load = jest.fn(async () => ({ value: 1 }));
    const code = onDemand(load);
    await Promise.all([code.preload(), code.preload()]);
    await code.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ value: 2 });
    const code = onDemand(load);
    await expect(code.preload()).rejects.toThrow('offline');
    await expect(code.preload()).resolves.toEqual({ value: 2 });
  });

  it('suspends a component until the code is in, then renders it; at once once loaded', async () => {
    let arrive!: (module: { text: string }) => void;
    const code = onDemand(() => new Promise<{ text: string }>((resolve) => (arrive = resolve)));
    function Shows() {
      return <p>{code.useModule().text}</p>;
    }
    const page = (
      <Suspense fallback={<p>loading</p>}>
        <Shows />
      </Suspense>
    );
    // Rendered inside an awaited act, so React retries the suspended component once the code is in.
    let unmount!: () => void;
    await act(async () => {
      unmount = render(page).unmount;
    });
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => arrive({ text: 'in' }));
    expect(await screen.findByText('in')).toBeInTheDocument();
    unmount();
    render(page);
    expect(screen.getByText('in')).toBeInTheDocument();
  });
});
