// Every package's unit and component tests in one run (npm run test:unit).
import { APPS } from '@side-quest/data/remotes';

export default {
  projects: ['shared/build', 'shared/design', 'shared/data', ...APPS, 'server'].map(
    (dir) => `<rootDir>/${dir}/jest.config.cjs`,
  ),
};
