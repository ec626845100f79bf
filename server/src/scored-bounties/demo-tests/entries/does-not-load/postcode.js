'use strict';
// Demo entrant "does-not-load": requires a table of areas it never put in its archive, so the module
// throws as the tests load it and no test runs.
const AREAS = require('./areas.json');

function normalisePostcode(input) {
  const compact = String(input).replace(/\s+/g, '').toUpperCase();
  const area = /^[A-Z]+/.exec(compact)?.[0];
  return AREAS.includes(area) ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : null;
}

module.exports = { normalisePostcode, parsePostcode: (input) => normalisePostcode(input) };
