import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectFieldMessage } from '@side-quest/design/field-errors/testing';
import { renderToString } from 'react-dom/server';
import {
  LEAD_FORM_RETURN_KEY,
  formatCost,
  leadFromFormFields,
  positionToCost,
  type FormReturn,
} from '@side-quest/data/forms';
import { renderWithProviders, withProviders } from '../testing/renderPage';
import { LeadForm } from './LeadForm';
import { EXAMPLE_PHRASES } from './examplePhrases';
import type { LeadPayload } from './leadPayload';
import { submitLead } from './submitLead';

// Counts the cost sliders' renders, to tell a render of the whole form from one of a single field.
const mockCostSliderRenders = { count: 0 };
jest.mock('./CostSlider', () => {
  const actual = jest.requireActual('./CostSlider');
  return {
    ...actual,
    CostSlider: (props: Parameters<typeof actual.CostSlider>[0]) => {
      mockCostSliderRenders.count++;
      return actual.CostSlider(props);
    },
  };
});

const page = (send: (payload: LeadPayload) => Promise<void>) => (
  <>
    <h1 id="heading">What Is Your Biggest Growth Blocker?</h1>
    <LeadForm labelledBy="heading" send={send} />
  </>
);

function renderForm(
  send: (payload: LeadPayload) => Promise<void> = () => Promise.resolve(),
  route?: string,
  returned?: FormReturn,
) {
  const user = userEvent.setup();
  renderWithProviders(page(send), { route, queries: returned ? [[LEAD_FORM_RETURN_KEY, returned]] : [] });
  return { user };
}

const hiringInput = () => screen.getByLabelText('Your challenge (Hiring Confidence)');
const bottleneckInput = () => screen.getByLabelText('Your challenge (Technical Bottleneck)');
const emailInput = () => screen.getByLabelText('Work email');
const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const toggle = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });

describe('LeadForm', () => {
  it('starts on Hiring Confidence with both sliders at $100K and Submit disabled', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'What Is Your Biggest Growth Blocker?' })).toBeInTheDocument();
    expect(toggle('Hiring Confidence')).toBeChecked();
    expect(toggle('Technical Bottleneck')).not.toBeChecked();
    const sliders = screen.getAllByRole('slider');
    expect(sliders).toHaveLength(2);
    for (const slider of sliders) {
      expect(slider).toHaveAttribute('min', '0');
      expect(slider).toHaveAttribute('max', '100');
      expect(slider).toHaveAttribute('aria-valuetext', '$100K');
    }
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(emailInput()).toBeRequired();
    expect(submitButton()).toBeDisabled();
  });

  it('enables Submit only once email and the selected challenge are filled in', async () => {
    const { user } = renderForm();
    await user.type(hiringInput(), 'Hard to judge ML candidates');
    expect(submitButton()).toBeDisabled();
    await user.type(emailInput(), 'a@b.co');
    expect(submitButton()).toBeEnabled();
    await user.click(toggle('Technical Bottleneck'));
    expect(submitButton()).toBeDisabled();
  });

  it('switches the type to the input the visitor types in', async () => {
    const { user } = renderForm();
    await user.type(bottleneckInput(), 'Slow builds');
    expect(toggle('Technical Bottleneck')).toBeChecked();
    expect(toggle('Hiring Confidence')).not.toBeChecked();
  });

  it('clears a text equal to an example phrase', async () => {
    const { user } = renderForm();
    await user.click(bottleneckInput());
    await user.paste(EXAMPLE_PHRASES.bottleneck[2] as string);
    expect(bottleneckInput()).toHaveValue('');
  });

  it('shows the formatted cost as the slider moves', () => {
    renderForm();
    const slider = screen.getByRole('slider', { name: 'Estimated annual cost (Technical Bottleneck)' });
    fireEvent.change(slider, { target: { value: '100' } });
    expect(slider).toHaveAttribute('aria-valuetext', '$10M+');
    fireEvent.change(slider, { target: { value: '63' } });
    expect(slider).toHaveAttribute('aria-valuetext', '$1.4M');
    fireEvent.change(slider, { target: { value: '0' } });
    expect(slider).toHaveAttribute('aria-valuetext', '$50K');
  });

  it('says a challenge is missing, under the selected type’s text, when it is only spaces', async () => {
    const send = jest.fn(() => Promise.resolve());
    const { user } = renderForm(send);
    await user.type(hiringInput(), '   ');
    await user.type(emailInput(), 'a@b.co');
    await user.click(submitButton());
    expectFieldMessage(hiringInput(), 'Please select or describe a challenge.');
    expect(bottleneckInput()).not.toHaveAttribute('aria-invalid');
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
    expect(send).not.toHaveBeenCalled();
  });

  it('says the email is invalid, and clears the message when the challenge text changes', async () => {
    const send = jest.fn(() => Promise.resolve());
    const { user } = renderForm(send);
    await user.type(hiringInput(), 'Unsure about senior hires');
    await user.type(emailInput(), 'not-an-email');
    await user.click(submitButton());
    expectFieldMessage(emailInput(), 'Please enter a valid email address.');
    expect(hiringInput()).not.toHaveAttribute('aria-invalid');
    expect(send).not.toHaveBeenCalled();
    await user.type(hiringInput(), '!');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
  });

  it('clears the message when the email changes', async () => {
    const { user } = renderForm();
    await user.type(hiringInput(), 'Unsure about senior hires');
    await user.type(emailInput(), 'not-an-email');
    await user.click(submitButton());
    expectFieldMessage(emailInput(), 'Please enter a valid email address.');
    await user.type(emailInput(), '.co');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
  });

  it('sends the lead payload and replaces the form with the thank-you message', async () => {
    const send = jest.fn((_payload: LeadPayload) => Promise.resolve());
    const { user } = renderForm(send);
    document.title = 'For Clients | Side Quest';
    await user.type(bottleneckInput(), '  Our CI takes 40 minutes ');
    fireEvent.change(screen.getByRole('slider', { name: /Technical Bottleneck/ }), {
      target: { value: '70' },
    });
    await user.type(emailInput(), 'cto@example.com');
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toHaveFocus();
    expect(
      screen.getByText('We have received your challenge insight and will be in touch soon.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({
      email: 'cto@example.com',
      challengeType: 'bottleneck',
      challengeDescription: 'Our CI takes 40 minutes',
      costImpact: '$2.0M',
      pageUri: window.location.href,
      pageName: 'For Clients | Side Quest',
    });
  });

  it('disables Submit while the request runs', async () => {
    let finish: () => void = () => undefined;
    const send = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderForm(send);
    await user.type(hiringInput(), 'Which candidate can ship?');
    await user.type(emailInput(), 'a@b.co');
    await user.click(submitButton());
    expect(submitButton()).toBeDisabled();
    await user.click(submitButton());
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(await screen.findByText('Thank You!')).toBeInTheDocument();
  });

  it.each([
    [
      'a non-OK answer',
      () => Promise.resolve(new Response('{"success":false,"message":"db down"}', { status: 503 })),
    ],
    [
      'a 429 (rate limited)',
      () =>
        Promise.resolve(
          new Response('{"success":false,"message":"Too many attempts — try again in 42 seconds."}', {
            status: 429,
            headers: { 'Retry-After': '42' },
          }),
        ),
    ],
    [
      'success false',
      () => Promise.resolve(new Response('{"success":false,"message":"secret detail"}', { status: 200 })),
    ],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])(
    'on %s shows the failure message, keeps everything typed and never the server message',
    async (_case, answer) => {
      const fetchImpl = jest.fn(answer) as unknown as typeof fetch;
      const { user } = renderForm((payload) => submitLead(payload, fetchImpl));
      await user.type(hiringInput(), 'Hiring a data lead');
      await user.type(emailInput(), 'a@b.co');
      await user.click(submitButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'There was a problem submitting your form. Please try again.',
      );
      expect(emailInput()).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(/db down|secret detail|Failed to fetch|Too many/)).not.toBeInTheDocument();
      expect(hiringInput()).toHaveValue('Hiring a data lead');
      expect(emailInput()).toHaveValue('a@b.co');
      await waitFor(() => expect(submitButton()).toBeEnabled());
    },
  );
});

describe('LeadForm placeholder typing effect', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('types the example phrases into the placeholder and stops for good on focus', () => {
    renderForm();
    act(() => jest.advanceTimersByTime(100));
    act(() => jest.advanceTimersByTime(100));
    const first = EXAMPLE_PHRASES.hiring[0] as string;
    expect(hiringInput()).toHaveAttribute('placeholder', first.slice(0, 2));
    fireEvent.focus(hiringInput());
    expect(hiringInput()).toHaveAttribute('placeholder', `e.g. ${first}`);
    act(() => jest.advanceTimersByTime(5000));
    expect(hiringInput()).toHaveAttribute('placeholder', `e.g. ${first}`);
    expect(bottleneckInput()).toHaveAttribute('placeholder', `e.g. ${EXAMPLE_PHRASES.bottleneck[0]}`);
  });

  it('renders only the field whose placeholder it types, not the rest of the form', () => {
    renderForm();
    act(() => jest.advanceTimersByTime(100));
    const rendersBefore = mockCostSliderRenders.count;
    // Each step's timer is set once the last step has rendered: one act per typed character.
    for (let step = 0; step < 10; step++) act(() => jest.advanceTimersByTime(100));
    const first = EXAMPLE_PHRASES.hiring[0] as string;
    expect(hiringInput()).toHaveAttribute('placeholder', first.slice(0, 11));
    expect(bottleneckInput()).toHaveAttribute(
      'placeholder',
      (EXAMPLE_PHRASES.bottleneck[0] as string).slice(0, 11),
    );
    expect(mockCostSliderRenders.count).toBe(rendersBefore);
  });

  it('shows a static placeholder under prefers-reduced-motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    })) as typeof window.matchMedia;
    try {
      renderForm();
      act(() => jest.advanceTimersByTime(1000));
      expect(hiringInput()).toHaveAttribute('placeholder', `e.g. ${EXAMPLE_PHRASES.hiring[0]}`);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('LeadForm without JavaScript', () => {
  const form = () =>
    screen.getByRole('form', { name: 'What Is Your Biggest Growth Blocker?' }) as HTMLFormElement;

  it('is a form the browser can post itself, with named fields', () => {
    renderForm();
    expect(form()).toHaveAttribute('method', 'post');
    expect(form()).toHaveAttribute('action', '/api/submit-form');
    expect(hiringInput()).toHaveAttribute('name', 'challengeDescription.hiring');
    expect(bottleneckInput()).toHaveAttribute('name', 'challengeDescription.bottleneck');
    expect(screen.getByRole('slider', { name: /Hiring Confidence/ })).toHaveAttribute(
      'name',
      'costPosition.hiring',
    );
    expect(emailInput()).toHaveAttribute('name', 'email');
    expect([...new FormData(form()).keys()]).toEqual([
      'challengeType',
      'challengeDescription.hiring',
      'costPosition.hiring',
      'challengeDescription.bottleneck',
      'costPosition.bottleneck',
      'pageUri',
      'pageName',
      'email',
    ]);
  });

  it('prevents the browser’s own submit when JavaScript runs', async () => {
    const send = jest.fn(() => Promise.resolve());
    const { user } = renderForm(send);
    await user.type(hiringInput(), 'Unsure about senior hires');
    await user.type(emailInput(), 'a@b.co');
    expect(fireEvent.submit(form())).toBe(false);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  });

  it('posts the same lead the JSON flow sends', async () => {
    const send = jest.fn((_payload: LeadPayload) => Promise.resolve());
    const { user } = renderForm(send);
    document.title = 'For Clients | Side Quest';
    await user.type(bottleneckInput(), 'Our CI takes 40 minutes');
    fireEvent.change(screen.getByRole('slider', { name: /Technical Bottleneck/ }), {
      target: { value: '70' },
    });
    await user.type(emailInput(), 'cto@example.com');
    const posted = new URLSearchParams(new FormData(form()) as unknown as Record<string, string>);
    await user.click(submitButton());
    expect(leadFromFormFields(posted, window.location.origin)).toEqual({
      ...send.mock.calls[0]?.[0],
      pageUri: `${window.location.origin}/for-clients`,
    });
  });

  it('lets a challenge type be chosen in the server’s HTML, before any script runs, and posts it', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(withProviders(page(() => Promise.resolve())));
    const option = (name: string) =>
      [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((radio) =>
        radio.closest('label')?.textContent?.startsWith(name),
      )!;
    expect(option('Hiring Confidence').checked).toBe(true);
    option('Technical Bottleneck').click();
    expect(option('Technical Bottleneck').checked).toBe(true);
    expect(option('Hiring Confidence').checked).toBe(false);
    expect(new FormData(container.querySelector('form')!).getAll('challengeType')).toEqual(['bottleneck']);
  });

  it('renders Submit enabled in the server’s HTML, where nothing else could enable it', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(withProviders(page(() => Promise.resolve())));
    const submit = container.querySelector('button[type="submit"]');
    expect(submit).toHaveTextContent('Submit');
    expect(submit).not.toBeDisabled();
    expect(container.querySelector('form')).toHaveAttribute('action', '/api/submit-form');
  });

  it('shows the thank-you state after the server accepted a post (?lead=ok)', () => {
    renderForm(undefined, '/for-clients?lead=ok');
    expect(screen.getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows a refused post again with what was typed and the form’s own message', () => {
    // What the server renders into the page's cache for a refused post; the URL is the page's own.
    renderForm(undefined, '/for-clients', {
      outcome: 'invalid',
      values: {
        challengeType: 'hiring',
        'challengeDescription.hiring': '',
        'costPosition.hiring': '40',
        'challengeDescription.bottleneck': 'Slow builds',
        'costPosition.bottleneck': '100',
        email: 'not-an-email',
      },
    });
    expect(toggle('Technical Bottleneck')).toBeChecked();
    expect(bottleneckInput()).toHaveValue('Slow builds');
    expect(screen.getByRole('slider', { name: /Technical Bottleneck/ })).toHaveAttribute(
      'aria-valuetext',
      '$10M+',
    );
    expect(screen.getByRole('slider', { name: /Hiring Confidence/ })).toHaveAttribute(
      'aria-valuetext',
      formatCost(positionToCost(40)),
    );
    expect(emailInput()).toHaveValue('not-an-email');
    expectFieldMessage(emailInput(), 'Please enter a valid email address.');
  });

  it('no longer reads typed values or a refusal from the URL', () => {
    renderForm(undefined, '/for-clients?lead=invalid&challengeDescription.hiring=Hiring&email=a%40b.co');
    expect(hiringInput()).toHaveValue('');
    expect(emailInput()).toHaveValue('');
    expect(screen.queryByText(/There was a problem|Please/)).not.toBeInTheDocument();
  });

  it('renders a refused post into the server’s HTML, values and message included', () => {
    const container = document.createElement('div');
    const returned: FormReturn = {
      outcome: 'invalid',
      values: { challengeType: 'hiring', 'challengeDescription.hiring': '', email: 'jane.doe@example.com' },
    };
    container.innerHTML = renderToString(
      withProviders(
        page(() => Promise.resolve()),
        '/for-clients',
        [[LEAD_FORM_RETURN_KEY, returned]],
      ),
    );
    expect(container.querySelector('input[name="email"]')).toHaveAttribute('value', 'jane.doe@example.com');
    expect(container).toHaveTextContent('Please select or describe a challenge.');
  });

  it('says the post failed when the server could not take a valid-looking lead', () => {
    renderForm(undefined, '/for-clients', {
      outcome: 'failed',
      values: { challengeType: 'hiring', 'challengeDescription.hiring': 'Hiring', email: 'a@b.co' },
    });
    expect(hiringInput()).toHaveValue('Hiring');
    expect(
      screen.getByText('There was a problem submitting your form. Please try again.'),
    ).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });
});
