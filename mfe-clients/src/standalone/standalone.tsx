import { mountStandalone } from '@side-quest/build/standalone';
import ForClientsPage from '../for-clients/ForClientsPage';

void mountStandalone({
  section: 'clients',
  links: [{ label: 'For Clients', to: '/for-clients' }],
  routes: [{ path: '/for-clients', element: <ForClientsPage /> }],
});
