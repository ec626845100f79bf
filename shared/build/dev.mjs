// npm run dev: the API server plus every app's webpack dev server with live reload. Open the shell at
// http://localhost:3100; the server's /config.json points the shell at the remotes' dev servers.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { APPS, REMOTES, SHELL_APP } from '@side-quest/data/remotes';

const root = path.resolve(import.meta.dirname, '..', '..');

const remoteEnv = Object.fromEntries(
  REMOTES.map(({ name, devPort }) => [
    `REMOTE_${name.toUpperCase()}_URL`,
    `http://127.0.0.1:${devPort}/mf-manifest.json`,
  ]),
);

const processes = [
  // Pages come from the shell's dev server here, rendered in the browser: no server rendering in dev.
  ['server', ['npm', 'run', 'dev', '-w', 'server'], { ...remoteEnv, SSR: 'off' }],
  ...APPS.map((app) => [
    app,
    ['npx', 'webpack', 'serve', '--mode', 'development', '-c', path.join(app, 'webpack.config.js')],
    {},
  ]),
];

const children = processes.map(([name, [command, ...args], env]) => {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .forEach((line) => console.log(`[${name}] ${line}`));
  child.stdout.on('data', prefix);
  child.stderr.on('data', prefix);
  return child;
});

console.log(`Side Quest dev: open http://localhost:${SHELL_APP.devPort} (API on http://localhost:3000)`);
const stop = () => {
  children.forEach((child) => child.kill('SIGTERM'));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
