import { startTransition, type ComponentType } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from '@side-quest/design';
import { renderToString } from 'react-dom/server';
import { RemoteSection, ServerSectionsContext } from './RemoteSection';
import { loadSection, loadedSection, releaseSectionHydration, sectionHydrationGate } from './sections';

jest.mock('./sections', () => ({
  loadSection: jest.fn(),
  loadedSection: jest.fn(),
  sectionHydrationGate: jest.fn(),
  releaseSectionHydration: jest.fn(),
}));
const mockedLoad = jest.mocked(loadSection);
const mockedLoaded = jest.mocked(loadedSection);
const mockedGate = jest.mocked(sectionHydrationGate);
const mockedRelease = jest.mocked(releaseSectionHydration);

type Section = ComponentType<Record<string, unknown>>;

function deferred() {
  let resolve!: (section: Section) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<Section>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const renderSection = () =>
  render(
    <ThemeProvider theme={theme}>
      <p>header stays</p>
      <RemoteSection remote="compass" module="./CompassPage" sectionProps={{ greeting: 'hello' }} />
    </ThemeProvider>,
  );

let consoleError: jest.SpyInstance;
beforeEach(() => {
  mockedLoad.mockReset();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

it('shows a busy placeholder while loading, then the section with its props', async () => {
  const load = deferred();
  mockedLoad.mockReturnValue(load.promise);
  renderSection();
  expect(screen.getByLabelText('Loading')).toHaveAttribute('aria-busy', 'true');

  await act(async () => load.resolve(({ greeting }) => <h1>{String(greeting)} from compass</h1>));
  expect(screen.getByRole('heading', { name: 'hello from compass' })).toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledWith('compass', './CompassPage');
});

it('shows the section fallback when loading fails, and TRY_AGAIN loads it again', async () => {
  mockedLoad.mockRejectedValueOnce(new Error('manifest unreachable'));
  renderSection();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Value Compass is unavailable right now');
  expect(screen.getByText('header stays')).toBeInTheDocument();

  mockedLoad.mockResolvedValueOnce(() => <h1>Compass is back</h1>);
  await userEvent.click(screen.getByRole('button', { name: 'TRY_AGAIN' }));
  expect(await screen.findByRole('heading', { name: 'Compass is back' })).toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledTimes(2);
});

it('renders on the server only the sections the server loaded; the browser hydrates the others as placeholders, then loads them', async () => {
  const Loaded = () => <h1>rendered on the server</h1>;
  const html = renderToString(
    <ThemeProvider theme={theme}>
      <ServerSectionsContext.Provider value={new Map([['compass/CompassPage', Loaded]])}>
        <RemoteSection remote="compass" module="./CompassPage" />
        <RemoteSection remote="stories" module="./StoriesPage" />
      </ServerSectionsContext.Provider>
    </ThemeProvider>,
  );
  expect(html).toContain('<h1>rendered on the server</h1>');
  // The stories section is sent as its placeholder, in a finished boundary (not one marked <!--$!-->).
  expect(html).toContain('aria-label="Loading"');
  expect(html).not.toContain('<!--$!-->');
  expect(mockedLoad).not.toHaveBeenCalled();

  // The browser has the server's sections' code before hydrating, not the others'.
  mockedLoaded.mockImplementation((remote) => (remote === 'compass' ? Loaded : undefined));
  const stories = deferred();
  mockedLoad.mockReturnValue(stories.promise);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <ThemeProvider theme={theme}>
        <RemoteSection remote="compass" module="./CompassPage" />
        <RemoteSection remote="stories" module="./StoriesPage" />
      </ThemeProvider>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  expect(recoverable).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
  await act(async () => stories.resolve(() => <h1>stories, loaded by the browser</h1>));
  expect(
    within(container).getByRole('heading', { name: 'stories, loaded by the browser' }),
  ).toBeInTheDocument();
  expect(within(container).getByRole('heading', { name: 'rendered on the server' })).toBeInTheDocument();
  container.remove();
  mockedLoaded.mockReset();
});

/** The landing's held section (hydrateNear), and the server's HTML of it with `Featured` as its code. */
function heldFeaturedSection(Featured: Section) {
  const page = (
    <ThemeProvider theme={theme}>
      <RemoteSection remote="bounties" module="./FeaturedBounties" hydrateNear="featured" />
    </ThemeProvider>
  );
  const html = renderToString(
    <ServerSectionsContext.Provider value={new Map([['bounties/FeaturedBounties', Featured]])}>
      {page}
    </ServerSectionsContext.Provider>,
  );
  return { page, html };
}

it('keeps a held section as the server rendered it, links working, until its gate opens, then hydrates it', async () => {
  const Featured = () => (
    <button type="button" onClick={(event) => (event.currentTarget.textContent = 'saved')}>
      save
    </button>
  );
  const { page, html } = heldFeaturedSection(Featured);
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  mockedGate.mockReturnValue(gate);
  mockedLoaded.mockReturnValue(undefined);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, page, { onRecoverableError: (error) => recoverable.push(error) });
  });
  // Not hydrated: the server's button is there, but no handler is attached yet.
  const button = within(container).getByRole('button', { name: 'save' });
  button.click();
  expect(button).toHaveTextContent('save');
  expect(mockedLoad).not.toHaveBeenCalled();
  expect(mockedRelease).not.toHaveBeenCalled();

  // The section neared the viewport and its code arrived.
  mockedLoaded.mockReturnValue(Featured);
  mockedGate.mockReturnValue(undefined);
  await act(async () => openGate());
  expect(recoverable).toEqual([]);
  expect(within(container).getByRole('button')).toBe(button);
  button.click();
  expect(button).toHaveTextContent('saved');
  expect(mockedRelease).toHaveBeenCalledWith('bounties', './FeaturedBounties', 'featured');
  container.remove();
  mockedLoaded.mockReset();
  mockedGate.mockReset();
});

it('hydrates a held section whose gate opens while the page is still hydrating, without an error', async () => {
  const Featured = () => <button type="button">save</button>;
  const { page, html } = heldFeaturedSection(Featured);
  // The section nears the viewport and its code arrives just after hydration first asks for the gate,
  // and React's time slice ends right then (a busy main thread): React yields, finds the gate open
  // when it resumes, and replays the component that suspended on it.
  mockedGate.mockImplementation(() => {
    const sliceEnd = Date.now() + 10;
    while (Date.now() < sliceEnd);
    const gate = Promise.resolve();
    void gate.then(() => {
      mockedLoaded.mockReturnValue(Featured);
      mockedGate.mockReturnValue(undefined);
    });
    return gate;
  });
  mockedLoaded.mockReturnValue(undefined);
  mockedRelease.mockClear();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const serverButton = within(container).getByRole('button', { name: 'save' });
  const recoverable: unknown[] = [];
  // React's own scheduler, as in the browser: act would settle the gate before React could replay.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    startTransition(() => {
      hydrateRoot(container, page, { onRecoverableError: (error) => recoverable.push(error) });
    });
    for (let tick = 0; tick < 500 && !mockedRelease.mock.calls.length; tick++) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  }
  // Hydrated in place: no recovery by client rendering (it would replace the server's button).
  expect(recoverable).toEqual([]);
  expect(within(container).getByRole('button', { name: 'save' })).toBe(serverButton);
  expect(mockedRelease).toHaveBeenCalledWith('bounties', './FeaturedBounties', 'featured');
  container.remove();
  mockedLoaded.mockReset();
  mockedGate.mockReset();
  mockedRelease.mockReset();
});

it('renders a section whose code is already loaded at once, without a placeholder', () => {
  mockedLoaded.mockReturnValue(() => <h1>already here</h1>);
  renderSection();
  expect(screen.getByRole('heading', { name: 'already here' })).toBeInTheDocument();
  expect(mockedLoad).not.toHaveBeenCalled();
  mockedLoaded.mockReturnValue(undefined);
});

it('shows a section whose code arrives between its first render and its effect (a hover preload)', () => {
  mockedLoad.mockReturnValue(new Promise(() => undefined));
  // Not loaded while rendering, loaded by the time the effect runs.
  mockedLoaded.mockReturnValueOnce(undefined).mockReturnValue(() => <h1>arrived meanwhile</h1>);
  renderSection();
  expect(screen.getByRole('heading', { name: 'arrived meanwhile' })).toBeInTheDocument();
  mockedLoaded.mockReset();
});

it('starts over when the route shows another section, even one already loaded', () => {
  const loadedPages: Record<string, ComponentType<Record<string, unknown>>> = {
    './CompassPage': () => <h1>compass</h1>,
    './StoriesPage': () => <h1>stories</h1>,
  };
  mockedLoaded.mockImplementation((_remote, module) => loadedPages[module]);
  const view = render(
    <ThemeProvider theme={theme}>
      <RemoteSection remote="compass" module="./CompassPage" />
    </ThemeProvider>,
  );
  expect(screen.getByRole('heading', { name: 'compass' })).toBeInTheDocument();
  view.rerender(
    <ThemeProvider theme={theme}>
      <RemoteSection remote="stories" module="./StoriesPage" />
    </ThemeProvider>,
  );
  expect(screen.getByRole('heading', { name: 'stories' })).toBeInTheDocument();
  mockedLoaded.mockReset();
});

it('contains a section that throws while rendering to its own fallback', async () => {
  mockedLoad.mockResolvedValue(() => {
    throw new Error('render bug');
  });
  renderSection();
  expect(await screen.findByTestId('section-fallback-compass')).toBeInTheDocument();
  expect(screen.getByText('header stays')).toBeInTheDocument();
});
