import { mountStandalone } from '@side-quest/build/standalone';
import CompassPage from '../compass/CompassPage';

void mountStandalone({
  section: 'compass',
  links: [{ label: 'Compass', to: '/compass' }],
  routes: [{ path: '/compass', element: <CompassPage /> }],
});
