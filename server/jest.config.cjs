const { jestProject } = require('@side-quest/build/jest-preset');

module.exports = jestProject(__dirname, 'node');
