'use strict';
// Public tests of the demo bounty "Normalise UK postcodes" (demo data written for Side Quest).
const test = require('node:test');
const assert = require('node:assert/strict');
const { normalisePostcode, parsePostcode } = require('../postcode.js');

test('upper-cases a postcode written in lower case', () => {
  assert.equal(normalisePostcode('sw1a 1aa'), 'SW1A 1AA');
});

test('adds the missing space before the inward code', () => {
  assert.equal(normalisePostcode('EC1A1BB'), 'EC1A 1BB');
});

test('trims surrounding spaces', () => {
  assert.equal(normalisePostcode('  W1A 0AX '), 'W1A 0AX');
});

test('collapses several spaces into one', () => {
  assert.equal(normalisePostcode('M1   1AE'), 'M1 1AE');
});

test('returns null for a word', () => {
  assert.equal(normalisePostcode('hello'), null);
});

test('returns null for an outward code alone', () => {
  assert.equal(normalisePostcode('SW1'), null);
});

test('parses a postcode into its parts', () => {
  assert.deepEqual(parsePostcode('b33 8th'), {
    outward: 'B33',
    inward: '8TH',
    area: 'B',
    district: 'B33',
    sector: 'B33 8',
    unit: 'TH',
  });
});

test('parses digits alone as no postcode', () => {
  assert.equal(parsePostcode('12345'), null);
});
