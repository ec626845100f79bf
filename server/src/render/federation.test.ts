import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerContainers } from './federation';

/** A loopback host whose manifest text a test changes, or that never answers. */
async function startManifestHost() {
  const state = { manifest: '{"id":"compass"}', hang: false, requests: 0 };
  const server = http.createServer((_req, res) => {
    state.requests += 1;
    if (state.hang) return;
    res.writeHead(200, { 'content-type': 'application/json' }).end(state.manifest);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/server/mf-manifest.json`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('server containers', () => {
  let host: Awaited<ReturnType<typeof startManifestHost>>;
  const logs: string[] = [];
  beforeEach(async () => {
    host = await startManifestHost();
    logs.length = 0;
  });
  afterEach(() => host.stop());

  it('registers a remote once, and again (a new code version) only when its manifest text changes', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const containers = createServerContainers((message) => logs.push(message));
    expect(await containers.refresh({ compass: host.url })).toEqual([]);
    const first = containers.version();
    expect(await containers.refresh({ compass: host.url })).toEqual([]);
    expect(containers.version()).toBe(first);

    host.state.manifest = '{"id":"compass","v":2}';
    expect(await containers.refresh({ compass: host.url })).toEqual(['compass']);
    expect(containers.version()).not.toBe(first);
    expect(logs).toEqual([expect.stringContaining('picked up a new build of compass')]);

    // A manifest that stops answering keeps the code already loaded.
    host.state.hang = true;
    expect(await containers.refresh({ compass: host.url })).toEqual([]);
    warn.mockRestore();
  });

  it('bounds a load, then answers at once for that remote instead of making every request wait', async () => {
    // The runtime reports the abandoned attempt's failure itself once the host goes away.
    const quiet = [jest.spyOn(console, 'error'), jest.spyOn(console, 'warn')].map((spy) =>
      spy.mockImplementation(() => undefined),
    );
    host.state.hang = true;
    const containers = createServerContainers(() => undefined);
    await containers.refresh({ compass: host.url });
    // The budget is what ends the wait (the host never answers), so the message proves the bound.
    await expect(containers.load('compass/CompassPage', 150)).rejects.toThrow(/longer than 150 ms/);

    // Answered from memory: the hanging host is not asked again, so nothing waits on it. (No wall-clock
    // assertion: on a loaded machine any fixed figure would fail at random.)
    const requestsBefore = host.state.requests;
    await expect(containers.load('compass/CompassPage', 150)).rejects.toThrow('compass failed recently');
    expect(host.state.requests).toBe(requestsBefore);

    await host.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    quiet.forEach((spy) => spy.mockRestore());
  });

  it("counts one copy of each shared library, the server's own, before any container has loaded", () => {
    const containers = createServerContainers(() => undefined);
    expect(containers.sharedCopies()).toEqual({
      react: 1,
      'react/jsx-runtime': 1,
      'react-dom': 1,
      '@side-quest/data/query': 1,
      'styled-components': 1,
      '@side-quest/design': 1,
      '@side-quest/data': 1,
    });
    containers.stop();
  });
});
