const { jestProject } = require('../shared/build/jest.preset.cjs');

module.exports = jestProject(__dirname);
