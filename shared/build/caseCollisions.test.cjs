/* global describe, it, expect -- Jest provides them */
const { findCaseCollisions } = require('./caseCollisions.cjs');

describe('findCaseCollisions', () => {
  it('finds two files in one folder whose names differ only in case', () => {
    expect(
      findCaseCollisions([
        'app/src/featured/FeaturedBounties.tsx',
        'app/src/featured/featuredBounties.ts',
        'app/src/featured/featuredBounties.ts',
        'app/src/featured/featuredbounties.ts',
        'app/src/other.ts',
      ]),
    ).toEqual([['app/src/featured/featuredBounties.ts', 'app/src/featured/featuredbounties.ts']]);
  });

  it('ignores names that share a stem but differ by more than case', () => {
    expect(
      findCaseCollisions([
        'a/FeaturedBounties.tsx',
        'a/featuredSelection.ts',
        'a/Dialog.tsx',
        'a/Dialog.test.tsx',
      ]),
    ).toEqual([]);
  });

  it('ignores the same name in different folders', () => {
    expect(findCaseCollisions(['a/index.ts', 'b/Index.ts'])).toEqual([]);
  });

  it('reports folders that differ only in case once, not every file below them', () => {
    expect(findCaseCollisions(['pkg/Src/a.ts', 'pkg/src/a.ts', 'pkg/src/b.ts'])).toEqual([
      ['pkg/Src', 'pkg/src'],
    ]);
  });

  it('still reports a file clash of its own inside clashing folders', () => {
    expect(findCaseCollisions(['Lib/readme.md', 'lib/README.md'])).toEqual([
      ['Lib', 'lib'],
      ['Lib/readme.md', 'lib/README.md'],
    ]);
  });
});
