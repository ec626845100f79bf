import { screen } from '@testing-library/react';
import { Route, Routes } from '@side-quest/design';
import { renderWithProviders } from '../testing/renderWithProviders';
import type { Viewer } from '@side-quest/data/account';
import { SignedInOnly } from './SignedInOnly';

function renderAt(viewer: Viewer | null) {
  return renderWithProviders(
    <Routes>
      <Route path="/sign-in" element={<p>Sign-in page</p>} />
      <Route
        path="/submit/:id"
        element={
          <SignedInOnly>
            <p>Submission form</p>
          </SignedInOnly>
        }
      />
    </Routes>,
    { route: '/submit/sq-1?from=card', viewer },
  );
}

describe('SignedInOnly', () => {
  it('sends a signed-out visitor to sign in, with the page to come back to', () => {
    renderAt(null);
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
    expect(screen.queryByText('Submission form')).toBeNull();
  });

  it('shows the page to someone signed in', () => {
    renderAt({ name: 'Ada', email: 'ada@example.com', handle: 'ada', role: 'talent' });
    expect(screen.getByText('Submission form')).toBeInTheDocument();
  });
});
