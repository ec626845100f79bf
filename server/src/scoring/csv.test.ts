import { canonicalLabel, parseNumber } from './csv';

describe('numbers in CSV fields', () => {
  it.each([
    ['0.25', 0.25],
    ['-3', -3],
    ['+4', 4],
    ['1e-5', 1e-5],
    ['2E3', 2000],
    ['.5', 0.5],
    ['-.5e1', -5],
    ['1.', 1],
    [' 4 ', 4],
    ['007', 7],
    ['-0', 0],
  ])('%j is %d', (text, value) => {
    expect(parseNumber(text)).toBe(value);
    expect(Object.is(parseNumber(text), -0)).toBe(false);
  });

  it.each([
    ['', 'not-a-number'],
    [' ', 'not-a-number'],
    ['0x10', 'not-a-number'],
    ['0b1', 'not-a-number'],
    ['0o7', 'not-a-number'],
    ['1_000', 'not-a-number'],
    ['1,5', 'not-a-number'],
    ['abc', 'not-a-number'],
    ['Infinity', 'not-a-number'],
    ['-Infinity', 'not-a-number'],
    ['NaN', 'nan'],
    [' nan ', 'nan'],
    ['1e999', 'too-large'],
  ])('%j is %s', (text, kind) => {
    expect(parseNumber(text)).toBe(kind);
  });

  it('writes numeric class labels canonically and trims the others', () => {
    expect(canonicalLabel('1.0')).toBe('1');
    expect(canonicalLabel(' 01 ')).toBe('1');
    expect(canonicalLabel('-0')).toBe('0');
    expect(canonicalLabel(' Cat ')).toBe('Cat');
    expect(canonicalLabel('0x1')).toBe('0x1');
  });
});
