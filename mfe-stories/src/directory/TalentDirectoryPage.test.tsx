import { fireEvent, screen, within } from '@testing-library/react';
import TalentDirectoryPage from './TalentDirectoryPage';
import { renderPage } from '../testing/render';
import { mockTalentApi } from '../testing/talentFixtures';

const answers = mockTalentApi();

const row = (handle: string, name: string, bountiesWon: number, openToWork: unknown = null) => ({
  handle,
  name,
  bountiesWon,
  provenSkills: ['Python', 'Rust', 'SQL', 'Go', 'C++', 'HVAC', 'IoT'],
  openToWork,
  url: `http://localhost/talent/${handle}`,
});

const page = (data: unknown[], extra: Record<string, unknown> = {}) => ({
  data,
  page: 1,
  pageSize: 20,
  total: data.length,
  pages: 1,
  skills: ['HVAC', 'Python'],
  ...extra,
});

describe('TalentDirectoryPage (/talent)', () => {
  it('lists the rows with their profile links, skills and the open-to-work badge', async () => {
    answers['/api/v1/talent'] = {
      status: 200,
      body: page([
        row('tomas', 'Tomáš Novák', 2, {
          kinds: ['freelance'],
          remote: true,
          countries: ['CZ'],
          availableFrom: null,
          audience: 'everyone',
        }),
        row('ada', 'Ada', 1),
      ]),
    };
    renderPage(<TalentDirectoryPage />, { route: '/talent' });
    const list = within(await screen.findByTestId('talent-directory'));
    expect(list.getByRole('link', { name: 'Tomáš Novák' })).toHaveAttribute('href', '/talent/tomas');
    expect(list.getAllByText('+1 more')).toHaveLength(2);
    expect(screen.getByTestId('open-to-work')).toHaveTextContent(
      'Open to workFreelance · Remote, Czechia · available now',
    );
    expect(screen.getByText('2 people with a public profile, most bounties won first.')).toBeInTheDocument();
  });

  it('is a GET form to /talent, and with a script applies the filter in the page', async () => {
    answers['/api/v1/talent'] = { status: 200, body: page([row('ada', 'Ada', 1)]) };
    answers['/api/v1/talent?skill=HVAC&work=any'] = { status: 200, body: page([], { total: 0 }) };
    renderPage(<TalentDirectoryPage />, { route: '/talent' });
    const form = await screen.findByRole('form', { name: 'Filter talent' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/talent');
    await screen.findByTestId('talent-directory');
    fireEvent.change(screen.getByRole('combobox', { name: 'Proven skill' }), { target: { value: 'HVAC' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Open to work' }), { target: { value: 'any' } });
    fireEvent.submit(form);
    expect(await screen.findByText('No public profile matches these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show everyone' })).toHaveAttribute('href', '/talent');
  });

  it('links the pages, and says what it cannot read in the address', async () => {
    answers['/api/v1/talent?page=2'] = {
      status: 200,
      body: page([row('bo', 'Bo', 0)], { page: 2, pages: 3, total: 45 }),
    };
    renderPage(<TalentDirectoryPage />, { route: '/talent?page=2' });
    const pages = within(await screen.findByRole('navigation', { name: 'Pages' }));
    expect(pages.getByRole('link', { name: '← Previous page' })).toHaveAttribute('href', '/talent');
    expect(pages.getByRole('link', { name: 'Next page →' })).toHaveAttribute('href', '/talent?page=3');
    expect(pages.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('shows the first page and the problem for an address it cannot read', async () => {
    answers['/api/v1/talent'] = { status: 200, body: page([row('ada', 'Ada', 1)]) };
    renderPage(<TalentDirectoryPage />, { route: '/talent?page=abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'page must be a whole number from 1 to 10000.',
    );
    expect(await screen.findByTestId('talent-directory')).toBeInTheDocument();
  });
});
