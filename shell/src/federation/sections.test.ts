import type { ComponentType } from 'react';

const loadRemote = jest.fn();
const registerRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (id: string) => loadRemote(id),
  registerRemotes: (...args: unknown[]) => registerRemotes(...args),
}));

type Sections = typeof import('./sections');

/** A fresh module per test: the section cache lives at module scope. */
function freshSections(): Sections {
  let sections: Sections | undefined;
  jest.isolateModules(() => {
    sections = jest.requireActual<Sections>('./sections');
  });
  return sections as Sections;
}

const Page: ComponentType<Record<string, unknown>> = () => null;
const never = () => new Promise<never>(() => undefined);

beforeEach(() => {
  loadRemote.mockReset();
  registerRemotes.mockReset();
  jest.useRealTimers();
});

describe('registerSectionRemotes', () => {
  it('registers each configured remote by the entry beside its manifest, ignoring unknown names and missing URLs', () => {
    freshSections().registerSectionRemotes({
      compass: 'https://cdn.example/compass/mf-manifest.json',
      stories: '',
      elsewhere: 'https://evil.example/mf-manifest.json',
    });
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'compass', entry: 'https://cdn.example/compass/remoteEntry.js' }],
      { force: true },
    );
  });
});

describe('loadSection', () => {
  it('loads the exposed module by its federation id and caches the result', async () => {
    loadRemote.mockResolvedValue({ default: Page });
    const { loadSection } = freshSections();
    await expect(loadSection('bounties', './BountiesPage')).resolves.toBe(Page);
    await expect(loadSection('bounties', './BountiesPage')).resolves.toBe(Page);
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(loadRemote).toHaveBeenCalledWith('bounties/BountiesPage');
  });

  it('retries a failed attempt once', async () => {
    loadRemote.mockRejectedValueOnce(new Error('chunk lost')).mockResolvedValueOnce({ default: Page });
    await expect(freshSections().loadSection('compass', './CompassPage')).resolves.toBe(Page);
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failure, so TRY_AGAIN starts over', async () => {
    loadRemote.mockRejectedValue(new Error('offline'));
    const { loadSection } = freshSections();
    await expect(loadSection('stories', './StoriesPage')).rejects.toThrow('offline');
    expect(loadRemote).toHaveBeenCalledTimes(2);

    loadRemote.mockResolvedValue({ default: Page });
    await expect(loadSection('stories', './StoriesPage')).resolves.toBe(Page);
    expect(loadRemote).toHaveBeenCalledTimes(3);
  });

  it('rejects a module without a default export', async () => {
    loadRemote.mockResolvedValue({ somethingElse: Page });
    await expect(freshSections().loadSection('clients', './ForClientsPage')).rejects.toThrow(
      'clients/ForClientsPage has no default export',
    );
  });

  it('gives up on a hanging remote within the deadline: one bounded attempt, then the rest of it', async () => {
    jest.useFakeTimers();
    loadRemote.mockImplementation(never);
    const { loadSection, SECTION_ATTEMPT_TIMEOUT_MS, SECTION_LOAD_DEADLINE_MS } = freshSections();
    const outcome = loadSection('compass', './CompassPage').then(
      () => 'loaded',
      (error: Error) => error.message,
    );

    await jest.advanceTimersByTimeAsync(SECTION_ATTEMPT_TIMEOUT_MS - 1);
    expect(loadRemote).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(loadRemote).toHaveBeenCalledTimes(2);

    await jest.advanceTimersByTimeAsync(SECTION_LOAD_DEADLINE_MS - SECTION_ATTEMPT_TIMEOUT_MS);
    await expect(outcome).resolves.toMatch(/compass\/CompassPage took longer than \d+ ms/);
  });
});

describe('preloadSection', () => {
  it('starts the load early and shares it with the later render, swallowing errors', async () => {
    loadRemote.mockResolvedValue({ default: Page });
    const { preloadSection, loadSection } = freshSections();
    preloadSection('bounties', './BountyDetailPage');
    expect(loadRemote).toHaveBeenCalledTimes(1);
    await expect(loadSection('bounties', './BountyDetailPage')).resolves.toBe(Page);
    expect(loadRemote).toHaveBeenCalledTimes(1);

    loadRemote.mockRejectedValue(new Error('down'));
    expect(() => preloadSection('compass', './CompassPage')).not.toThrow();
  });
});

describe('holdSectionHydration', () => {
  let observed: Array<{ callback: IntersectionObserverCallback; disconnected: boolean }>;
  beforeEach(() => {
    observed = [];
    window.IntersectionObserver = jest.fn((callback: IntersectionObserverCallback) => {
      const record = { callback, disconnected: false };
      observed.push(record);
      return { observe: () => undefined, disconnect: () => (record.disconnected = true) };
    }) as unknown as typeof IntersectionObserver;
    document.body.innerHTML = '<section id="featured"><button data-replay="save:1">Save</button></section>';
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const near = (record: (typeof observed)[number]) =>
    record.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);

  it('marks the element, loads nothing until it nears the viewport, then opens once the code is in', async () => {
    const sections = freshSections();
    loadRemote.mockResolvedValue({ default: Page });
    sections.holdSectionHydration('bounties', './FeaturedBounties', 'featured');
    const element = document.getElementById('featured')!;
    expect(element.hasAttribute('data-awaiting-hydration')).toBe(true);
    const gate = sections.sectionHydrationGate('bounties', './FeaturedBounties');
    expect(gate).toBeInstanceOf(Promise);
    expect(loadRemote).not.toHaveBeenCalled();

    near(observed[0]!);
    await gate;
    expect(loadRemote).toHaveBeenCalledWith('bounties/FeaturedBounties');
    expect(observed[0]!.disconnected).toBe(true);
    expect(sections.sectionHydrationGate('bounties', './FeaturedBounties')).toBeUndefined();

    sections.releaseSectionHydration('bounties', './FeaturedBounties', 'featured');
    expect(element.hasAttribute('data-awaiting-hydration')).toBe(false);
  });

  it('opens when the section is touched before it is seen', async () => {
    const sections = freshSections();
    loadRemote.mockResolvedValue({ default: Page });
    sections.holdSectionHydration('bounties', './FeaturedBounties', 'featured');
    document.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await sections.sectionHydrationGate('bounties', './FeaturedBounties');
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('opens on a failed load too, so the section can show its fallback', async () => {
    jest.useFakeTimers();
    const sections = freshSections();
    loadRemote.mockRejectedValue(new Error('offline'));
    sections.holdSectionHydration('bounties', './FeaturedBounties', 'featured');
    near(observed[0]!);
    const gate = sections.sectionHydrationGate('bounties', './FeaturedBounties')!;
    await jest.advanceTimersByTimeAsync(10_000);
    await expect(gate).resolves.toBeUndefined();
  });

  it('holds no later render once the server’s element has left the page before it hydrated', () => {
    const sections = freshSections();
    sections.holdSectionHydration('bounties', './FeaturedBounties', 'featured');
    expect(sections.sectionHydrationGate('bounties', './FeaturedBounties')).toBeInstanceOf(Promise);
    // The reader went to another page and came back: the section renders anew, not on the old gate.
    document.getElementById('featured')!.remove();
    expect(sections.sectionHydrationGate('bounties', './FeaturedBounties')).toBeUndefined();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('holds nothing when the element is missing', () => {
    const sections = freshSections();
    sections.holdSectionHydration('bounties', './FeaturedBounties', 'elsewhere');
    expect(sections.sectionHydrationGate('bounties', './FeaturedBounties')).toBeUndefined();
  });
});
