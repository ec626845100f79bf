/* global describe, it, expect -- Jest provides them */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { builtFileOf, bytesByPackage, decodeMappings, packageOf, routeCosts } = require('./bundleCosts.cjs');

describe('decodeMappings', () => {
  it('reads each segment’s column and source, relative to the one before, across lines', () => {
    // 'D' is -1: the second line's segment goes back to the first source.
    expect(decodeMappings('AAAA,GCAA;ADAA;;C')).toEqual([
      [
        [0, 0],
        [3, 1],
      ],
      [[0, 0]],
      [],
      [[1, -1]],
    ]);
  });
});

describe('packageOf', () => {
  it('names the npm package, a workspace package, webpack’s glue or the app', () => {
    expect(packageOf('webpack://s/../node_modules/react-dom/cjs/x.js', 'shell')).toBe('react-dom');
    expect(packageOf('webpack://s/../node_modules/@tanstack/query-core/build/q.js', 'shell')).toBe(
      '@tanstack/query-core',
    );
    expect(packageOf('webpack://s/../shared/design/src/router/Router.tsx', 'shell')).toBe(
      '@side-quest/design',
    );
    expect(packageOf('webpack://s/webpack/runtime/sharing', 'shell')).toBe('(webpack + federation glue)');
    expect(packageOf('webpack://b/./src/common/BountyCard.tsx', 'mfe-bounties')).toBe(
      'mfe-bounties (own code)',
    );
  });
});

describe('bytesByPackage', () => {
  it('gives each package the bytes its segments span, and what no segment names to (unmapped)', () => {
    const map = {
      sources: ['webpack://s/../node_modules/react-dom/a.js', 'webpack://s/../shared/data/src/b.ts'],
      mappings: 'AAAA,GCAA;ADAA',
    };
    expect(Object.fromEntries(bytesByPackage('abcdef\ngh', map, 'shell'))).toEqual({
      'react-dom': 5,
      '@side-quest/data': 3,
      '(unmapped)': 2,
    });
  });
});

describe('builtFileOf', () => {
  it('finds a remote’s script in its app’s dist and the shell’s at the root', () => {
    const remotes = [{ name: 'bounties', app: 'mfe-bounties' }];
    expect(builtFileOf('http://127.0.0.1:1/remotes/bounties/1.abc.js', '/repo', remotes)).toEqual({
      file: '/repo/mfe-bounties/dist/1.abc.js',
      app: 'mfe-bounties',
    });
    expect(builtFileOf('http://127.0.0.1:1/main.abc.js', '/repo', remotes)).toEqual({
      file: '/repo/shell/dist/main.abc.js',
      app: 'shell',
    });
    expect(builtFileOf('http://127.0.0.1:1/remotes/gone/x.js', '/repo', remotes)).toBeNull();
  });
});

describe('routeCosts', () => {
  it('finds the scripts of a page that is not the composed site through the resolver it is given', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-costs-'));
    try {
      const code = 'console.log("stack reference");\n';
      fs.writeFileSync(path.join(dir, 'main.js'), code);
      const costs = routeCosts(
        [{ url: 'http://127.0.0.1:1/main.js' }, { url: 'http://127.0.0.1:1/elsewhere.js', gzipBytes: 7 }],
        '/repo',
        [],
        (url) => {
          const name = new URL(url).pathname.slice(1);
          return name === 'main.js' ? { file: path.join(dir, name), app: 'stack reference' } : null;
        },
      );
      expect(Object.fromEntries(costs)).toEqual({
        'stack reference (no source map)': zlib.gzipSync(code).length,
        '(not in a dist folder)': 7,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
