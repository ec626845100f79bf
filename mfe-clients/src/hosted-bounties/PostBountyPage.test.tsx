import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@side-quest/data/query';
import { ThemeProvider } from 'styled-components';
import { Route, Routes, theme } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { createQueryClient, setRuntimeConfig } from '@side-quest/data';
import {
  EMPTY_HOSTED_BOUNTY,
  POST_FORM_RETURN_KEY,
  postFormKey,
  type PostFormData,
  type TestScoredPostFormReturn,
} from '@side-quest/data/lifecycle';
import { rewardSuggestionKey } from '@side-quest/data/trust';
import PostBountyPage from './PostBountyPage';

const data = (overrides: Partial<PostFormData> = {}): PostFormData => ({
  organisation: { slug: 'acme', name: 'Acme', verified: false },
  mayPublish: true,
  paymentOverdue: false,
  skillOptions: ['Python', 'TypeScript'],
  testRuntimes: ['node20'],
  bounties: [{ id: 'sq-1', title: 'An older bounty', state: 'open', stage: 'judging' }],
  ...overrides,
});

/** The page; unless `askApi`, the suggested reward for the form's first area is known already. */
function renderPost(formData: PostFormData | null, returned?: TestScoredPostFormReturn, askApi = false) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(postFormKey('acme'), formData);
  if (returned) queryClient.setQueryData(POST_FORM_RETURN_KEY, returned);
  const { domain, skills } = returned?.values ?? EMPTY_HOSTED_BOUNTY;
  if (!askApi) {
    const none = { domain, skills, comparable: 0, p25: null, p50: null, p75: null };
    queryClient.setQueryData(rewardSuggestionKey(domain, skills), none);
  }
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/sponsor/acme/post']}>
          <Routes>
            <Route path="/sponsor/:slug/post" element={<PostBountyPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('PostBountyPage', () => {
  it('sends an unverified organisation’s bounty for approval, and lists its bounties with their stage', () => {
    renderPost(data());
    expect(screen.getByRole('button', { name: 'Send for approval' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'An older bounty' })).toHaveAttribute(
      'href',
      '/sponsor/acme/bounties/sq-1',
    );
    expect(screen.getByText('Judging')).toBeInTheDocument();
    expect(screen.getByLabelText('Days to judge after the deadline')).toHaveValue('14');
  });

  it('lets a member save drafts only, and blocks publishing while a payment is overdue', () => {
    const { unmount } = renderPost(data({ mayPublish: false }));
    expect(screen.queryByRole('button', { name: 'Send for approval' })).toBeNull();
    unmount();
    renderPost(data({ organisation: { slug: 'acme', name: 'Acme', verified: true }, paymentOverdue: true }));
    expect(screen.getByRole('button', { name: 'Publish bounty' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('owes a winner a payment past its due date');
  });

  it('shows the form sent back with what was typed and each field’s message', () => {
    renderPost(data(), {
      values: { ...EMPTY_HOSTED_BOUNTY, title: 'Fix it', prizes: ['100', '-5'] },
      errors: { prizes: 'Each prize is a whole number of US dollars.' },
    });
    expect(screen.getByLabelText('Title')).toHaveValue('Fix it');
    expect(screen.getByLabelText('Prize 2')).toHaveValue('-5');
    expect(screen.getByText('Each prize is a whole number of US dollars.')).toBeInTheDocument();
    expect(screen.getByLabelText('Prize 1')).toHaveAttribute('aria-invalid', 'true');
  });

  it('carries an optional scoring setup: a multipart form, nothing in the fieldset required', async () => {
    const { container } = renderPost(data());
    expect(container.querySelector('form')).toHaveAttribute('enctype', 'multipart/form-data');
    const scoring = screen.getByRole('group', { name: 'Scoring (optional)' });
    // Where the browser can, only the chosen setup shows: none at first.
    expect(within(scoring).queryByRole('group', { name: 'Answer key setup' })).toBeNull();
    await userEvent.click(within(scoring).getByLabelText('Scored against answers you keep'));
    expect(within(scoring).queryByRole('group', { name: 'Test setup' })).toBeNull();
    const keyGroup = within(scoring).getByRole('group', { name: 'Answer key setup' });
    expect(within(scoring).getByLabelText('Metric')).toHaveValue('roc_auc');
    // Each metric's direction and input in full, beside the list (a phone cuts the chosen option short).
    expect(within(scoring).getByLabelText('Metric')).toHaveAccessibleDescription(
      /RMSE: lower is better, entries hold a number per row\./,
    );
    expect(
      within(scoring).getByRole('option', { name: /^RMSE \(lower is better; entries hold/ }),
    ).toBeTruthy();
    expect(within(scoring).getByLabelText('Public share of the rows (%)')).toHaveValue(30);
    expect(within(keyGroup).getByLabelText('Entries per person per UTC day')).toHaveValue(5);
    expect(within(keyGroup).getByLabelText('Final entries each person chooses')).toHaveValue(2);
    const key = within(scoring).getByLabelText('Answer key');
    expect(key).toHaveAttribute('type', 'file');
    expect(key).toHaveAttribute('name', 'key');
    expect(within(scoring).getByLabelText('Inputs (without answers)')).toHaveAttribute('name', 'inputs');
    for (const name of ['Training data', 'Sample entry', 'Baseline'])
      expect(within(scoring).getByLabelText(name)).toHaveAttribute('type', 'file');
    for (const input of scoring.querySelectorAll('input, select')) expect(input).not.toBeRequired();
    expect(screen.queryByText(/choose them again/)).toBeNull();
  });

  it('gives the scoring fieldset back as typed, asking for the files again', () => {
    renderPost(data(), {
      values: { ...EMPTY_HOSTED_BOUNTY, title: 'Scored' },
      errors: { description: 'Describe the bounty.' },
      setup: { metric: 'mae', publicShare: '40', dailyEntries: '3', finalEntries: '1', licence: 'CC0' },
    });
    expect(screen.getByLabelText('Metric')).toHaveValue('mae');
    expect(screen.getByLabelText('Public share of the rows (%)')).toHaveValue(40);
    expect(screen.getByLabelText('Licence of the data')).toHaveValue('CC0');
    expect(screen.getByText('Files are not kept when a form comes back: choose them again.')).toBeTruthy();
    expect(screen.getByLabelText('Scored against answers you keep')).toBeChecked();
  });

  it('offers none, an answer key or tests by a radio, none chosen, with the test setup’s own names', async () => {
    renderPost(data());
    const scoring = screen.getByRole('group', { name: 'Scoring (optional)' });
    const radios = within(scoring).getAllByRole('radio');
    expect(radios.map((radio) => [radio.getAttribute('name'), radio.getAttribute('value')])).toEqual([
      ['scoring', 'none'],
      ['scoring', 'key'],
      ['scoring', 'tests'],
    ]);
    expect(within(scoring).getByLabelText('None: reviewed by hand')).toBeChecked();
    await userEvent.click(within(scoring).getByLabelText('Scored by your tests'));
    expect(within(scoring).queryByRole('group', { name: 'Answer key setup' })).toBeNull();
    const tests = within(scoring).getByRole('group', { name: 'Test setup' });
    const runtime = within(tests).getByLabelText('Runtime');
    expect(runtime).toHaveAttribute('name', 'tests.runtime');
    expect(
      within(runtime)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Node.js 20 (node --test)']);
    // Beside the answer key's fields of the same label, the test setup's typed fields carry a prefix;
    // its files keep the names the console's form sends.
    expect(within(tests).getByLabelText('Entries per person per UTC day')).toHaveAttribute(
      'name',
      'tests.dailyEntries',
    );
    expect(within(tests).getByLabelText('Licence of the tests')).toHaveAttribute('name', 'tests.licence');
    expect(within(tests).getByLabelText('Time limit per run (seconds)')).toHaveValue(120);
    expect(within(tests).getByLabelText('Public tests')).toHaveAttribute('name', 'publicTests');
    expect(within(tests).getByLabelText('Reference solution')).toHaveAttribute('type', 'file');
    for (const input of tests.querySelectorAll('input, select')) expect(input).not.toBeRequired();
    expect(screen.queryByTestId('tests-not-offered')).toBeNull();
  });

  it('does not offer tests while no live runner can run them, and says why', () => {
    renderPost(data({ testRuntimes: [] }));
    expect(screen.queryByLabelText('Scored by your tests')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Test setup' })).toBeNull();
    expect(screen.getByTestId('tests-not-offered')).toHaveTextContent(
      'Scoring by tests is not offered now: no runner that can run them is running.',
    );
  });

  it('gives a refused test setup back as typed, tests chosen, with its problems', () => {
    renderPost(data(), {
      values: { ...EMPTY_HOSTED_BOUNTY, title: 'Slugify' },
      errors: {},
      problem: 'The test setup has problems. Nothing was saved.',
      setupProblems: ['Enter a time limit between 10 and 600 seconds.'],
      scoring: 'tests',
      testSetup: {
        runtime: 'node20',
        wallSeconds: '5',
        memoryMiB: '512',
        dailyEntries: '3',
        finalEntries: '1',
        licence: 'MIT',
      },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The test setup has problems. Nothing was saved.');
    expect(screen.getByLabelText('Title')).toHaveValue('Slugify');
    expect(screen.getByLabelText('Scored by your tests')).toBeChecked();
    const tests = screen.getByRole('group', { name: 'Test setup' });
    expect(within(tests).getByLabelText('Time limit per run (seconds)')).toHaveValue(5);
    expect(within(tests).getByLabelText('Licence of the tests')).toHaveValue('MIT');
    expect(
      within(within(tests).getByRole('list', { name: 'What to fix in the test setup' })).getByRole(
        'listitem',
      ),
    ).toHaveTextContent('Enter a time limit between 10 and 600 seconds.');
    expect(screen.getByText('Files are not kept when a form comes back: choose them again.')).toBeTruthy();
  });
});

describe('the suggested reward', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('asks the API for the area and skills chosen and shows its figures', async () => {
    setRuntimeConfig({
      remotes: {},
      bountySource: 'api',
      firebase: null,
      marketingForms: { portalId: '', signupFormId: '', contactFormId: '', scriptHost: '' },
    });
    const asked: string[] = [];
    global.fetch = jest.fn(async (url: string) => {
      asked.push(url);
      const query = new URL(url, 'http://site.test').searchParams;
      const enough = query.get('skills') === 'Python';
      return {
        ok: true,
        status: 200,
        json: async () => ({
          domain: query.get('domain'),
          skills: query.get('skills')?.split(',') ?? [],
          comparable: enough ? 6 : query.get('domain') === 'Software' ? 2 : 3,
          p25: enough ? 1000 : null,
          p50: enough ? 2000 : null,
          p75: enough ? 3500 : null,
        }),
      };
    }) as unknown as typeof fetch;
    renderPost(data(), undefined, true);
    const box = screen.getByTestId('reward-suggestion');
    expect(
      await within(box).findByText(/^Not enough data: 2 comparable bounties so far/),
    ).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Domain'), 'AI/ML');
    expect(
      await within(box).findByText(/^Not enough data: 3 comparable bounties so far/),
    ).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/^Skills/), 'Python');
    expect(await within(box).findByText('$2,000')).toBeInTheDocument();
    expect(within(box).getByText('$1,000')).toBeInTheDocument();
    expect(within(box).getByText('$3,500')).toBeInTheDocument();
    expect(within(box).getByText(/What 6 comparable bounties/)).toBeInTheDocument();
    expect(asked).toEqual([
      '/api/v1/reward-suggestion?domain=Software',
      '/api/v1/reward-suggestion?domain=AI%2FML',
      '/api/v1/reward-suggestion?domain=AI%2FML&skills=Python',
    ]);
  });
});
