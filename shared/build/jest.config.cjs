// The build tooling's own tests: plain CommonJS beside the scripts they test, run in Node.
const { jestProject } = require('./jest.preset.cjs');

module.exports = { ...jestProject(__dirname, 'node'), testMatch: ['<rootDir>/*.test.cjs'] };
