import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@side-quest/data/query';
import { ThemeProvider } from 'styled-components';
import { Route, Routes, theme } from '@side-quest/design';
import { MemoryRouter } from '@side-quest/design/memory-router';
import { createQueryClient } from '@side-quest/data';
import { organisationTeamKey, type OrganisationRole, type OrganisationTeam } from '@side-quest/data/account';
import SponsorTeamPage from './SponsorTeamPage';

function teamAs(role: OrganisationRole): OrganisationTeam {
  return {
    organisation: {
      id: 'o1',
      name: 'Acme Labs',
      slug: 'acme',
      website: 'https://acme.example',
      logoUrl: null,
      verifiedAt: null,
      role,
    },
    members: [
      { id: 'm1', name: 'Olive Owner', email: 'olive@acme.example', role: 'owner', isMe: role === 'owner' },
      { id: 'm2', name: 'Mo Member', email: 'mo@example.com', role: 'member', isMe: role === 'member' },
    ],
    invitations: [],
  };
}

/** The page as the server renders it: the team already in the cache (null: not a member). */
function renderTeam(team: OrganisationTeam | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(organisationTeamKey('acme'), team);
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/sponsor/acme']}>
          <Routes>
            <Route path="/sponsor/:slug" element={<SponsorTeamPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('the sponsor team page', () => {
  it('gives an owner the role, remove, invite and delete controls, as plain forms', () => {
    renderTeam(teamAs('owner'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acme Labs');
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    const change = screen.getByRole('button', { name: 'Change role' });
    expect(change.closest('form')).toHaveAttribute('action', '/sponsor/acme/roles');
    expect(screen.getByRole('button', { name: 'Remove Mo Member' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send invitation' }).closest('form')).toHaveAttribute(
      'action',
      '/sponsor/acme/invitations',
    );
    expect(screen.getByRole('button', { name: 'Delete Acme Labs' })).toBeInTheDocument();
  });

  it('shows a member the team without any control over others, and a way to leave', () => {
    renderTeam(teamAs('member'));
    expect(screen.getByText('Olive Owner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Acme Labs' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
  });

  it('says the organisation is not found for someone who is not a member', () => {
    renderTeam(null);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Organisation not found');
  });
});
