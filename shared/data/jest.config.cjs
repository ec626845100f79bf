const { jestProject } = require('../build/jest.preset.cjs');

module.exports = jestProject(__dirname);
