// What each stories route downloads from this remote's production build, and where react-markdown lives.
//   flock /tmp/sq-heavy.lock node shared/build/build-all.mjs mfe-stories
//   node node_modules/.bin/tsx mfe-stories/bench/routeChunks.bench.ts
// Shared singletons (react, styled-components, …) come from the shell and are not counted here.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.join(__dirname, '..', 'dist');
const REACT_MARKDOWN_MARKER = /change-renderers-to-components|remove-includeelementindex/;

interface ManifestExpose {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}
interface Manifest {
  exposes: ManifestExpose[];
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
// Fallback copies of shared libraries: only used when no host provides them.
const sharedFallbacks = new Set(
  manifest.shared.flatMap((entry) => [...entry.assets.js.sync, ...entry.assets.js.async]),
);

function weigh(file: string) {
  const source = fs.readFileSync(path.join(dist, file));
  return {
    file,
    gzip: zlib.gzipSync(source).length,
    markdown: REACT_MARKDOWN_MARKER.test(source.toString('utf8')),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const describe = (file: string) => {
  const weight = weigh(file);
  const source = fs.readFileSync(path.join(dist, file), 'utf8');
  // react-router reaches remotes inside @side-quest/design; this copy is only a fallback for a host without it.
  const label = weight.markdown
    ? 'react-markdown'
    : /in the context of a <Router>/.test(source)
      ? 'router fallback, unused in the shell'
      : 'own code';
  return `${file} ${kb(weight.gzip)} (${label})`;
};
console.log('remoteEntry.js, every stories route:', kb(weigh('remoteEntry.js').gzip), 'gzip');
for (const expose of manifest.exposes) {
  const sync = expose.assets.js.sync.filter((file) => !sharedFallbacks.has(file)).map(weigh);
  const lazy = expose.assets.js.async.filter((file) => !sharedFallbacks.has(file));
  console.log(
    `\n${expose.name}: ${kb(sync.reduce((sum, weight) => sum + weight.gzip, 0))} gzip loaded with the page`,
  );
  for (const weight of sync)
    console.log(`  sync  ${weight.file} ${kb(weight.gzip)}${weight.markdown ? ' (react-markdown!)' : ''}`);
  for (const file of lazy) console.log(`  lazy  ${describe(file)}`);
}
