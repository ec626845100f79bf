// Test helper (not shipped code): the composed app's builds without any server code, so a unit test
// serves the shell's HTML (SSR=off) without `npm run build`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, readServerConfig, type ServerConfig } from '../config/serverConfig';

/** A shell build (its index.html and one hashed script) and every remote's manifest and entry. */
export function fakeBuilds(): ServerConfig['distDirs'] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-dist-'));
  const shell = path.join(dir, 'shell');
  fs.mkdirSync(shell);
  fs.writeFileSync(path.join(shell, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
  fs.writeFileSync(path.join(shell, 'main.0123456789.js'), 'console.log(1)');
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const remote = path.join(dir, name);
      fs.mkdirSync(remote);
      fs.writeFileSync(path.join(remote, 'mf-manifest.json'), '{}');
      fs.writeFileSync(path.join(remote, 'remoteEntry.js'), '');
      return [name, remote];
    }),
  );
  return { shell, ...remotes } as ServerConfig['distDirs'];
}

/** The server's config from `env` on a fresh DATA_DIR, with server rendering off, on fake builds. */
export function configOnFakeBuilds(env: Record<string, string> = {}): ServerConfig {
  const config = readServerConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sq-data-')),
    SSR: 'off',
    ...env,
  });
  return { ...config, distDirs: fakeBuilds() };
}
