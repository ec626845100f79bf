import { screen, within } from '@testing-library/react';
import TalentProfilePage from './TalentProfilePage';
import { renderPage } from '../testing/render';
import { adaProfile, mockTalentApi } from '../testing/talentFixtures';

const answers = mockTalentApi();
const profile = adaProfile;

const renderProfile = (handle: string) =>
  renderPage(<TalentProfilePage />, { route: `/talent/${handle}`, path: '/talent/:handle' });

describe('TalentProfilePage (/talent/:handle)', () => {
  it('shows the wins with sponsor and prize, and links each proven skill to its bounties and its pay', async () => {
    answers['/api/v1/talent/ada'] = { status: 200, body: profile };
    renderProfile('ada');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText(/@ada · Member since March 2026/)).toBeInTheDocument();
    expect(screen.getByText(/^Proved competence in/)).toHaveTextContent('Proved competence in Python, C++');
    const wins = within(screen.getByTestId('talent-wins'));
    expect(wins.getByRole('link', { name: 'Halve the cold start' })).toHaveAttribute('href', '/bounty/b%201');
    expect(wins.getByText(/Northwind Freight · prize \$2,500/)).toBeInTheDocument();
    const skills = within(screen.getByTestId('proven-skills'));
    expect(skills.getByRole('link', { name: /^C\+\+ ?: bounties asking for it$/ })).toHaveAttribute(
      'href',
      '/bounties?skill=C%2B%2B',
    );
    expect(skills.getByRole('link', { name: /^What it pays ?: C\+\+$/ })).toHaveAttribute(
      'href',
      '/compass#pay-skill-cpp',
    );
    expect(screen.getByTestId('demo-label')).toBeInTheDocument();
    // Earnings were not opted in: no totals, no paid state.
    expect(screen.queryByText('Prizes won')).not.toBeInTheDocument();
    expect(screen.queryByText('Paid')).not.toBeInTheDocument();
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'ProfilePage',
      mainEntity: { '@type': 'Person', name: 'Ada Lovelace', knowsAbout: ['Python', 'C++'] },
    });
  });

  it('shows earnings and each prize paid or pending when the person opted in', async () => {
    answers['/api/v1/talent/ada'] = {
      status: 200,
      body: { ...profile, earnings: { awarded: 2500, paid: 2500 } },
    };
    renderProfile('ada');
    expect(await screen.findByText('Prizes won')).toBeInTheDocument();
    expect(screen.getAllByText('$2,500').length).toBe(2);
    expect(within(screen.getByTestId('talent-wins')).getByText('Paid')).toBeInTheDocument();
  });

  it('shows the not-found view for a handle without a public profile', async () => {
    renderProfile('hidden');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});
