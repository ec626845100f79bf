'use strict';
// Demo entrant "fails-public": only reads postcodes already written with their space, and keeps the
// input's own spacing, so some public tests fail.

function normalisePostcode(input) {
  if (typeof input !== 'string') throw new TypeError('not a string');
  const upper = input.trim().toUpperCase();
  return /^[A-Z]{1,2}[0-9][A-Z0-9]? +[0-9][ABD-HJLNP-UW-Z]{2}$/.test(upper) ? upper : null;
}

function parsePostcode(input) {
  const postcode = normalisePostcode(input);
  if (!postcode) return null;
  const [outward, inward] = postcode.split(/ +/);
  return {
    outward,
    inward,
    area: /^[A-Z]+/.exec(outward)[0],
    district: outward,
    sector: `${outward} ${inward[0]}`,
    unit: inward.slice(1),
  };
}

module.exports = { normalisePostcode, parsePostcode };
