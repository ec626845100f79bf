'use strict';
// Demo entrant "all-pass": a different route to the reference (character checks, no single regex); passes
// the public and hidden tests.

const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const isLetter = (c) => c >= 'A' && c <= 'Z';
const isDigit = (c) => c >= '0' && c <= '9';

function validOutward(outward) {
  if (outward === 'GIR') return true;
  const shapes = ['A9', 'A99', 'A9A', 'AA9', 'AA99', 'AA9A'];
  const shape = [...outward].map((c) => (isDigit(c) ? '9' : isLetter(c) ? 'A' : '?')).join('');
  return shapes.includes(shape);
}

function validInward(inward, outward) {
  if (outward === 'GIR') return inward === '0AA';
  return isDigit(inward[0]) && INWARD_LETTERS.includes(inward[1]) && INWARD_LETTERS.includes(inward[2]);
}

function parsePostcode(input) {
  if (typeof input !== 'string') throw new TypeError(`Expected a string, got ${typeof input}`);
  const compact = input.split(/\s/).join('').toUpperCase();
  if (compact.length < 5 || compact.length > 7) return null;
  const outward = compact.slice(0, -3);
  const inward = compact.slice(-3);
  if (!validOutward(outward) || !validInward(inward, outward)) return null;
  const area = outward === 'GIR' ? 'GIR' : outward.slice(0, isLetter(outward[1]) ? 2 : 1);
  return {
    outward,
    inward,
    area,
    district: outward,
    sector: `${outward} ${inward[0]}`,
    unit: inward.slice(1),
  };
}

function normalisePostcode(input) {
  const parsed = parsePostcode(input);
  return parsed ? `${parsed.outward} ${parsed.inward}` : null;
}

module.exports = { normalisePostcode, parsePostcode };
