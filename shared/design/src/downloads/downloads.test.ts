import { downloadsOf } from './downloads';

describe('downloadsOf', () => {
  it('keeps the kinds that have a file, in the order of the kinds, each with its label and address', () => {
    const files = { sample: { name: 'sample.csv', size: 20 }, inputs: { name: 'inputs.zip', size: 10 } };
    const rows = downloadsOf(['inputs', 'training', 'sample'] as const, files, (kind, file) => ({
      label: `${kind} (${file.size} bytes)`,
      href: `/files/${kind}`,
    }));
    expect(rows).toEqual([
      { key: 'inputs', label: 'inputs (10 bytes)', href: '/files/inputs', fileName: 'inputs.zip' },
      { key: 'sample', label: 'sample (20 bytes)', href: '/files/sample', fileName: 'sample.csv' },
    ]);
  });

  it('gives no rows when no kind has a file', () => {
    expect(downloadsOf(['a', 'b'], {}, () => ({ label: 'x', href: '/x' }))).toEqual([]);
  });
});
