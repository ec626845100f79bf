'use strict';
// Demo entrant "misses-edge-cases": passes the public tests but takes any inward letters, strips only
// spaces, forgets GIR 0AA and never checks the input's type, so several hidden tests fail.

const SHAPE = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/;

function parsePostcode(input) {
  const compact = String(input).trim().replace(/ +/g, '').toUpperCase();
  const match = SHAPE.exec(compact);
  if (!match) return null;
  const [, outward, inward] = match;
  return {
    outward,
    inward,
    area: outward.replace(/[0-9].*$/, ''),
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
