/* global describe, it, expect -- Jest provides them */
// The repository's no-cycle rule (eslint-no-cycle.mjs) on small modules written to a temporary folder,
// linted by ESLint in a child process (the rule is an ES module; Jest runs these tests as CommonJS).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const here = (file) => pathToFileURL(path.join(__dirname, file)).href;
const fromRoot = (name) => pathToFileURL(require.resolve(name, { paths: [__dirname] })).href;

/** Lints the given files (name → source) and answers the messages per file, as "line: message". */
function lint(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-no-cycle-'));
  for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), source);
  fs.writeFileSync(
    path.join(dir, 'eslint.config.mjs'),
    `import tseslint from '${fromRoot('typescript-eslint')}';
import { createNodeResolver } from '${fromRoot('eslint-plugin-import-x')}';
import { noCycleIncludingTypes } from '${here('eslint-no-cycle.mjs')}';
export default [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
  {
    files: ['**/*.ts'],
    plugins: { 'side-quest': { rules: { 'no-cycle': noCycleIncludingTypes } } },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts'] })],
    },
    rules: { 'side-quest/no-cycle': 'error' },
  },
];
`,
  );
  const eslint = path.join(path.dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');
  const run = spawnSync(process.execPath, [eslint, '--format', 'json', ...Object.keys(files)], {
    cwd: dir,
    encoding: 'utf8',
  });
  fs.rmSync(dir, { recursive: true, force: true });
  if (run.stdout === '') throw new Error(run.stderr);
  return Object.fromEntries(
    JSON.parse(run.stdout).map((result) => [
      path.basename(result.filePath),
      result.messages.map((message) => `${message.line}: ${message.message}`),
    ]),
  );
}

describe('side-quest/no-cycle', () => {
  it('reports a cycle that closes only through a type-only import, on both sides', () => {
    const messages = lint({
      'app.ts':
        "import { router } from './router';\nexport interface Stores { n: number }\nexport const app = router;\n",
      'router.ts':
        "import type { Stores } from './app';\nexport const router = (stores: Stores) => stores.n;\n",
    });
    expect(messages['app.ts']).toEqual(['1: Dependency cycle detected']);
    expect(messages['router.ts']).toEqual(['1: Dependency cycle detected']);
  });

  it('follows type-only imports along the path, and re-exports through a barrel', () => {
    const messages = lint({
      'view.ts': "import type { Line } from './record';\nexport interface View { line: Line }\n",
      'index.ts': "export * from './view';\n",
      'record.ts':
        "import type { View } from './index';\nexport interface Line { n: number }\nexport const of = (v: View) => v;\n",
    });
    expect(messages['view.ts']).toEqual(['1: Dependency cycle via "./index:1"']);
    expect(messages['record.ts']).toEqual(['1: Dependency cycle via "./view:1"']);
  });

  it('passes modules whose shared type lives below both', () => {
    const messages = lint({
      'stores.ts': 'export interface Stores { n: number }\n',
      'app.ts':
        "import { router } from './router';\nimport type { Stores } from './stores';\nexport const app = (s: Stores) => router(s);\n",
      'router.ts':
        "import type { Stores } from './stores';\nexport const router = (stores: Stores) => stores.n;\n",
    });
    expect(messages).toEqual({ 'app.ts': [], 'router.ts': [], 'stores.ts': [] });
  });
});
