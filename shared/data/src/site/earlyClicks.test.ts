import {
  AWAITING_HYDRATION_ATTRIBUTE,
  CAPTURE_CLICKS_SCRIPT,
  EARLY_CLICKS_GLOBAL,
  REPLAY_PENDING_ATTRIBUTE,
  replayEarlyClicks,
  replayable,
} from './earlyClicks';

/** A server page: two Save buttons with one key (a card and the page's own), a Copy button and a link. */
function serverPage() {
  document.body.innerHTML =
    '<div id="root">' +
    '<button data-replay="save:1" id="card-save"><span id="star">☆</span></button>' +
    '<button data-replay="copy-feed-link" id="copy">Copy feed link</button>' +
    '<button data-replay="save:1" id="page-save">Save</button>' +
    '<a href="#next" id="link">Next</a>' +
    '</div>';
  new Function(CAPTURE_CLICKS_SCRIPT)();
  // React listens at the root container, below the document.
  const handled: string[] = [];
  document.getElementById('root')!.addEventListener('click', (event) => {
    const target = (event.target as Element).closest('[id]');
    if (target) handled.push(target.id);
  });
  return handled;
}

const click = (id: string) => document.getElementById(id)!.click();

describe('clicks before hydration', () => {
  let listeners: Array<[string, EventListener, boolean]> = [];
  beforeEach(() => {
    listeners = [];
    const add = document.addEventListener.bind(document);
    jest
      .spyOn(document, 'addEventListener')
      .mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: unknown) => {
        listeners.push([type, listener as EventListener, options === true]);
        add(type, listener, options as boolean);
      });
  });
  afterEach(() => {
    for (const [type, listener, capture] of listeners) document.removeEventListener(type, listener, capture);
    jest.restoreAllMocks();
    delete (window as unknown as Record<string, unknown>)[EARLY_CLICKS_GLOBAL];
    delete document.documentElement.dataset.interactive;
    document.body.innerHTML = '';
  });

  it('are held back from the page, marked pending, and recorded in order', () => {
    const handled = serverPage();
    click('star');
    click('copy');
    click('page-save');
    expect(handled).toEqual([]);
    expect(document.getElementById('card-save')!.hasAttribute(REPLAY_PENDING_ATTRIBUTE)).toBe(true);
    expect((window as unknown as Record<string, unknown>)[EARLY_CLICKS_GLOBAL]).toEqual([
      { key: 'save:1', nth: 0 },
      { key: 'copy-feed-link', nth: 0 },
      { key: 'save:1', nth: 1 },
    ]);
  });

  it('reach the same controls once replayed, in order; later clicks pass straight through', () => {
    const handled = serverPage();
    click('star');
    click('copy');
    click('page-save');
    expect(replayEarlyClicks()).toBe(3);
    expect(handled).toEqual(['card-save', 'copy', 'page-save']);
    expect(document.querySelectorAll(`[${REPLAY_PENDING_ATTRIBUTE}]`)).toHaveLength(0);
    click('copy');
    expect(handled).toEqual(['card-save', 'copy', 'page-save', 'copy']);
    expect(replayEarlyClicks()).toBe(0);
  });

  it('leave links, forms and everything without data-replay to the browser', () => {
    const handled = serverPage();
    const link = document.getElementById('link')!;
    let defaultPrevented: boolean | null = null;
    link.addEventListener('click', (event) => (defaultPrevented = event.defaultPrevented));
    link.click();
    expect(defaultPrevented).toBe(false);
    expect(handled).toEqual(['link']);
  });

  it('pass through once the page is interactive, even if nothing replayed', () => {
    const handled = serverPage();
    document.documentElement.dataset.interactive = '';
    click('copy');
    expect(handled).toEqual(['copy']);
  });

  it('inside a section that hydrates later are recorded until that section replays them', () => {
    const handled = serverPage();
    document
      .getElementById('card-save')!
      .parentElement!.insertAdjacentHTML(
        'beforeend',
        `<section ${AWAITING_HYDRATION_ATTRIBUTE} id="featured"><button data-replay="save:2" id="late-save">Save</button></section>`,
      );
    expect(replayEarlyClicks()).toBe(0);
    document.documentElement.dataset.interactive = '';
    click('copy');
    click('late-save');
    expect(handled).toEqual(['copy']);
    expect(document.getElementById('late-save')!.hasAttribute(REPLAY_PENDING_ATTRIBUTE)).toBe(true);
    // The section hydrates: the shell takes the marker off and replays what waited.
    document.getElementById('featured')!.removeAttribute(AWAITING_HYDRATION_ATTRIBUTE);
    expect(replayEarlyClicks()).toBe(1);
    expect(handled).toEqual(['copy', 'late-save']);
  });

  it('skip a control the hydrated page no longer has', () => {
    const handled = serverPage();
    click('copy');
    document.getElementById('copy')!.remove();
    expect(replayEarlyClicks()).toBe(0);
    expect(handled).toEqual([]);
  });

  it('do nothing on a page without the capture script', () => {
    expect(replayEarlyClicks()).toBe(0);
  });

  it('are marked by one attribute', () => {
    expect(replayable('share')).toEqual({ 'data-replay': 'share' });
  });
});
