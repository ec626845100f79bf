'use strict';
// The sponsor's reference solution of the demo bounty "Normalise UK postcodes" (demo data).

const OUTWARD = '[A-Z]{1,2}[0-9][0-9A-Z]?';
const INWARD = '[0-9][ABD-HJLNP-UW-Z]{2}';
const POSTCODE = new RegExp(`^(?:(${OUTWARD})(${INWARD})|(GIR)(0AA))$`);
const OUTWARD_FORMS = /^(?:[A-Z][0-9]{1,2}|[A-Z][0-9][A-Z]|[A-Z]{2}[0-9]{1,2}|[A-Z]{2}[0-9][A-Z])$/;

function split(input) {
  if (typeof input !== 'string') throw new TypeError('A postcode must be a string');
  const compact = input.replace(/\s+/g, '').toUpperCase();
  const match = POSTCODE.exec(compact);
  if (!match) return null;
  if (match[3]) return { outward: 'GIR', inward: '0AA', area: 'GIR' };
  const outward = match[1];
  if (!OUTWARD_FORMS.test(outward)) return null;
  return { outward, inward: match[2], area: /^[A-Z]+/.exec(outward)[0] };
}

function normalisePostcode(input) {
  const parts = split(input);
  return parts && `${parts.outward} ${parts.inward}`;
}

function parsePostcode(input) {
  const parts = split(input);
  if (!parts) return null;
  return {
    outward: parts.outward,
    inward: parts.inward,
    area: parts.area,
    district: parts.outward,
    sector: `${parts.outward} ${parts.inward[0]}`,
    unit: parts.inward.slice(1),
  };
}

module.exports = { normalisePostcode, parsePostcode };
