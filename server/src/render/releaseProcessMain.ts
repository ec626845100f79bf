// A release process (started by releaseProcess.ts under tsx): one release of a remote, with the shell's
// server code, in a Module Federation runtime of its own. The runtime keeps global state (a loaded
// container under its global name, the share scopes, manifest caches), so two releases of one remote
// cannot live in one process: in the server's, a canary's container would stand in for the live one,
// or the other way round. It renders the server's pages on that release, and the contract check's smoke
// test of a release, through one page renderer (renderPage.tsx). Ending the process is also the only way
// to stop a release's code that never yields.
import { setRuntimeConfig } from '@side-quest/data/config';
import { smokeSection } from '../releases/contract/smokeSection';
import { createFailureLog, errorReason } from './failureLog';
import { createServerContainers, type ServerContainers } from './federation';
import type {
  FromReleaseProcess,
  ReleaseProcessSetup,
  ReleaseReply,
  ReleaseRequest,
  ToReleaseProcess,
} from './releaseProcessProtocol';
import { createPageRenderer, type PageRenderer } from './renderPage';

interface Loaded {
  setup: ReleaseProcessSetup;
  containers: ServerContainers;
  pages: PageRenderer;
}

function send(message: FromReleaseProcess): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, () => resolve());
  });
}

/** Nothing the process runs may reach beyond `origin` (the contract check: no request leaves the machine). */
function confineFetch(origin: string) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), origin);
    if (url.origin !== origin) {
      return Promise.reject(
        new Error(`the contract check answers no request beyond the release and its fixtures (${url.href})`),
      );
    }
    return realFetch(input, init);
  };
}

async function load(setup: ReleaseProcessSetup): Promise<Loaded> {
  if (setup.confineTo) confineFetch(setup.confineTo);
  // The pages' data layer reads the API of the server that started this process, over loopback.
  setRuntimeConfig(setup.runtimeConfig);
  const containers = createServerContainers((message) => console.error(message));
  await containers.refresh(setup.manifests);
  await Promise.allSettled(setup.warm.map((id) => containers.load(id, setup.warmBudgetMs)));
  const pages = createPageRenderer(containers, {
    budgets: setup.budgets,
    onFailure: createFailureLog((message) => console.error(message)),
  });
  return { setup, containers, pages };
}

async function answer(loaded: Loaded, request: ReleaseRequest): Promise<ReleaseReply> {
  if (request.type === 'render')
    return { type: 'render', page: await loaded.pages.render(request.url, request.page) };
  const origin = loaded.setup.runtimeConfig.apiBase ?? loaded.setup.runtimeConfig.publicUrl ?? '';
  return { type: 'smoke', result: await smokeSection(loaded.containers, origin, request.job) };
}

function main() {
  // The runtime reports an abandoned load's failure on its own; that must not end this process.
  process.on('unhandledRejection', (error) => console.error('unhandled rejection:', errorReason(error)));
  // The process that started this one has gone: nothing is left to answer.
  process.on('disconnect', () => process.exit(0));

  let loading: Promise<Loaded> | null = null;
  process.on('message', (message: ToReleaseProcess) => {
    if (message.type === 'setup') {
      loading ??= load(message.setup);
      loading.then(
        () => send({ type: 'ready' }),
        async (error: unknown) => {
          await send({ type: 'fatal', message: errorReason(error) });
          process.exit(1);
        },
      );
      return;
    }
    if (!loading) {
      void send({ type: 'failed', id: message.id, message: 'asked before it was set up' });
      return;
    }
    loading
      .then((loaded) => answer(loaded, message.request))
      .then(
        (reply) => send({ type: 'reply', id: message.id, reply }),
        (error: unknown) => send({ type: 'failed', id: message.id, message: errorReason(error) }),
      );
  });
}

main();
