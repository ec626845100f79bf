// Every package's unit and component tests in one run (npm run test:unit).
export default {
  projects: [
    'shared/design',
    'shared/data',
    'shell',
    'mfe-bounties',
    'mfe-compass',
    'mfe-stories',
    'mfe-clients',
    'server',
  ].map((dir) => `<rootDir>/${dir}/jest.config.cjs`),
};
