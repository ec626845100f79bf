import type { ReactElement } from 'react';
import { Navigate, useLocation } from '@side-quest/design';
import { signInUrl, useViewer } from '@side-quest/data/account';

/**
 * A personal page reached inside the app while signed out goes to sign-in and back, as the server's
 * access rules send a page loaded from the address bar (303 to /sign-in?next=…).
 */
export function SignedInOnly({ children }: { children: ReactElement }) {
  const viewer = useViewer();
  const { pathname, search } = useLocation();
  if (viewer === null) return <Navigate to={signInUrl(`${pathname}${search}`)} replace />;
  return children;
}
