// One webpack + Module Federation config factory for the shell and every remote, so the shared
// singletons, loaders and output naming can never drift apart between independently built apps.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const { DefinePlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const root = path.resolve(__dirname, '..', '..');
const rootPackage = require(path.join(root, 'package.json'));

const { REMOTES, SHELL_APP, REMOTE_ENTRY_FILE, serverAssetBase } = require('@side-quest/data/remotes');

/** Dev-server ports by federation name: the API server is on 3000, the shell and the remotes above it. */
const devPorts = Object.fromEntries([SHELL_APP, ...REMOTES].map((app) => [app.name, app.devPort]));

/**
 * The libraries every app must share as exactly one copy in the browser. requiredVersion comes from the
 * installed package so that a remote built against a different major refuses to share instead of breaking.
 */
const SITE_SHARED = [
  'react',
  'react-dom',
  // react-router-dom and @tanstack/react-query are not listed: they reach every app inside
  // @side-quest/design (shared/design/src/router/) and @side-quest/data/query, one tree-shaken copy
  // inside each singleton (docs/decisions.md, "React Router and TanStack Query inside the shared packages").
  'styled-components',
  '@side-quest/design',
  '@side-quest/data',
  // The page's query cache and its React context: one copy, whichever package's code reads it.
  '@side-quest/data/query',
];

/**
 * @param {boolean} isRemote
 * @param {boolean} [hostProvides]
 * @param {string[]} [names] the packages to share: the site's (SITE_SHARED) unless a build names its
 *   own (the bench's stack reference, shared/build/reference/stack)
 */
function sharedSingletons(isRemote, hostProvides = false, names = SITE_SHARED) {
  const shared = {};
  for (const name of names) {
    const packageName = name
      .split('/')
      .slice(0, name.startsWith('@') ? 2 : 1)
      .join('/');
    const version = require(require.resolve(`${packageName}/package.json`, { paths: [root] })).version;
    // The MF runtime checks a singleton's range on the main thread at startup (parsing semver), only to
    // warn on a mismatch. The shell provides these versions itself, so its check could only ever pass; a
    // production remote's versions are held to the shell's before it is released (the release
    // contract, from its manifest's versions). Only a development remote, whose QA host may run
    // beside another build, keeps the check.
    shared[name] = {
      singleton: true,
      requiredVersion: isRemote && !hostProvides ? `^${version}` : false,
      version,
      // import: false: this build has no copy of its own and always takes the shell's.
      ...(hostProvides ? { import: false } : {}),
    };
  }
  // The JSX runtime goes with React. Shared, every shared package that uses JSX (the design package)
  // is one chunk the browser loads once, instead of twice (with and without its own JSX runtime).
  shared['react/jsx-runtime'] = { ...shared.react };
  return shared;
}

/** The design package: compiled without the styled-components plugin (see swcRules). */
const designSource = path.join(root, 'shared', 'design');

function swcLoader(isDevelopment, plugins) {
  return {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic', development: isDevelopment, refresh: false } },
        experimental: { plugins },
      },
    },
  };
}

/**
 * Server rendering needs the same styled-components class names on the server and in the browser. By
 * default they come from a global counter, so they depend on the order in which components are
 * defined, which differs between the server (every remote loaded over time) and each browser tab. The
 * plugin gives each component an id from its file and position instead. The design package is the
 * exception: the server runs its source directly (no plugin there), and it is the first thing both
 * sides evaluate, so its counter-based ids agree.
 */
function swcRules(isDevelopment) {
  const test = /\.[cm]?[jt]sx?$/;
  return [
    {
      test,
      exclude: [/node_modules/, designSource],
      use: swcLoader(isDevelopment, [
        ['@swc/plugin-styled-components', { displayName: isDevelopment, ssr: true }],
      ]),
    },
    { test, include: designSource, use: swcLoader(isDevelopment, []) },
  ];
}

/**
 * The MF runtime module asks for the entry's filename before content hashes exist, only to learn its
 * folder depth; answering without the hash then keeps [contenthash] for the emitted file.
 */
function hashedEntryFilename(pathData) {
  return pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript
    ? '[name].[contenthash:10].js'
    : '[name].js';
}

/**
 * The chunks every page of the shell needs at start: the bootstrap chunk group and, through each shared
 * module it consumes, the chunks that provide it (recursively). Preloading them from the HTML turns a
 * second round of script requests into parallel downloads that start with the page.
 *
 * A consumed module is followed to the shell's own provider of that share key, not to its fallback:
 * the runtime loads the provider registered in the share scope, and webpack may put the same module
 * in a second, differently numbered chunk for the fallback (react-dom and @side-quest/data were each
 * downloaded twice, 3.3 KB gzip on every page, when the fallback's chunk was preloaded).
 */
class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PreloadStartupChunksPlugin',
        (data) => {
          const { chunkGraph } = compilation;
          const providers = new Map();
          for (const module of compilation.modules) {
            if (module.type === 'provide-module') providers.set(module._name, module);
          }
          const files = new Set();
          const visitedGroups = new Set();
          const visitBlocks = (module) => {
            for (const block of module.blocks) {
              const group = chunkGraph.getBlockChunkGroup(block);
              if (group) visitGroup(group);
            }
          };
          const visitConsume = (module) => {
            if (module.type !== 'consume-shared-module') return;
            visitBlocks(providers.get(module.options.shareKey) ?? module);
          };
          const visitGroup = (group) => {
            if (visitedGroups.has(group)) return;
            visitedGroups.add(group);
            for (const chunk of group.chunks) {
              for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
              for (const module of chunkGraph.getChunkModulesIterable(chunk)) visitConsume(module);
            }
          };
          for (const entrypoint of compilation.entrypoints.values()) {
            for (const chunk of entrypoint.chunks) {
              for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) visitBlocks(module);
            }
          }
          const publicPath = compilation.outputOptions.publicPath;
          for (const file of files) {
            data.headTags.push(
              HtmlWebpackPlugin.createHtmlTagObject('link', {
                rel: 'preload',
                as: 'script',
                href: `${publicPath}${file}`,
              }),
            );
          }
          return data;
        },
      );
    });
  }
}

/** V8's explicit compile hint (Chromium 136+): as the first line of a script, compile all of it eagerly. */
const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad\n';

/** Libraries only some interactions load, most of whose code never runs: left to compile lazily. */
const LAZY_LIBRARIES = /[\\/]node_modules[\\/](firebase|@firebase|idb)[\\/]/;

/**
 * Marks the browser chunks for eager compilation. A page load runs most of what it loads (React DOM
 * hydrating, styled-components, the federation runtime, the route's section), and V8 otherwise
 * compiles each function on the main thread the first time it runs, in the middle of hydration. With
 * the hint V8 compiles the whole script while it streams it in, on a background thread (figures in the
 * root README, "Benchmarks"). Chunks of lazily used libraries (the Firebase SDK) keep lazy compilation:
 * most of their code never runs.
 */
class CompileHintsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.compilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification (which would drop the comment), before source maps (which must count it).
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const chunk of compilation.chunks) {
            const lazyLibrary = [...compilation.chunkGraph.getChunkModulesIterable(chunk)].some((module) =>
              LAZY_LIBRARIES.test(module.nameForCondition() || ''),
            );
            if (lazyLibrary) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_ALL_HINT, source));
            }
          }
        },
      );
    });
  }
}

/**
 * React Router 7's package exports name only its development build (remix-run/react-router#14102), so
 * a production bundle would ship its development warnings; its own production build sits beside it.
 * The two entries are redirected, not the folder: each build's chunk files have names of their own.
 */
function reactRouterProductionBuild() {
  const dist = path.join(
    path.dirname(require.resolve('react-router/package.json', { paths: [root] })),
    'dist',
    'production',
  );
  return {
    'react-router$': path.join(dist, 'index.mjs'),
    'react-router/dom$': path.join(dist, 'dom-export.mjs'),
  };
}

/** The federation runtime packages, each resolved to its ES module build whichever way it is imported. */
function federationRuntimeAsEsm() {
  const alias = {};
  for (const name of ['@module-federation/runtime-core', '@module-federation/sdk']) {
    // Its package.json is not exported: found from the CommonJS entry (dist/index.cjs).
    const packageDir = path.dirname(path.dirname(require.resolve(name, { paths: [root] })));
    const entry = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).exports['.']
      .import;
    alias[`${name}$`] = path.join(packageDir, typeof entry === 'string' ? entry : entry.default);
  }
  return alias;
}

/**
 * @param {object} options
 * @param {string} options.dir            the app folder (__dirname of its webpack.config.js)
 * @param {string} options.name           federation name: 'shell' or the remote's name
 * @param {Record<string,string>} [options.exposes]  modules a remote exposes
 * @param {string} [options.standalone]   entry of the remote's standalone QA host (served by `npm start`)
 * @param {string} [options.entry]        the shell's entry
 * @param {string[]} [options.runtimePlugins]
 * @param {Record<string,string>} [options.serverExposes]  what the server build exposes instead (the shell)
 * @param {string[]} [options.shared]     the packages shared as singletons, when not the site's
 *   (SITE_SHARED): only the bench's stack reference names its own
 * @param {string} [options.favicon]      the host page's icon, when not src/favicon.png in `dir`
 */
/**
 * Each text asset of a production browser build is also written compressed beside itself
 * (`main.1a2b3c4d5e.js.br` and `.gz`) at the highest levels, once when built: the server sends a copy
 * when the browser accepts its encoding (server/src/http/staticFiles.ts) instead of compressing every
 * response as it goes out (brotli at level 4, the most a per-request budget allows). Smaller files and
 * no compression work on the server while a page loads.
 */
function compressedCopies() {
  const test = /\.(js|json|css|svg)$/;
  const common = { test, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
    }),
  ];
}

function createConfig(options) {
  // Production builds both the browser and the server build; development serves the browser build only.
  return (env, argv) =>
    argv.mode === 'development'
      ? createBrowserConfig(options, argv)
      : [createBrowserConfig(options, argv), createServerConfig(options, argv)];
}

function createBrowserConfig(options, argv) {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const isDevelopment = mode === 'development';
  const isRemote = Boolean(options.exposes);
  const port = devPorts[options.name];
  const entry = isRemote
    ? isDevelopment && options.standalone
      ? options.standalone
      : undefined
    : options.entry;
  const apiTarget = process.env.API_URL || 'http://127.0.0.1:3000';

  return {
    mode,
    context: options.dir,
    entry: entry ? { main: entry } : {},
    devtool: isDevelopment ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(options.dir, 'dist'),
      // A remote must work from whatever URL its manifest is served at, so its chunks resolve
      // relative to the remote entry; the shell is always served from the site root.
      publicPath: isRemote ? 'auto' : '/',
      filename: isDevelopment ? '[name].js' : hashedEntryFilename,
      chunkFilename: isDevelopment ? '[name].chunk.js' : '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: `side-quest-${options.name}`,
      // The server build lives in dist/server and is built beside this one.
      clean: { keep: /^server\// },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // The runtime the shell provides to the remotes is required as CommonJS by its inject plugin:
      // resolved to the same ES module files the shell's own runtime uses, it is one copy, not two.
      alias: {
        ...(isRemote ? {} : federationRuntimeAsEsm()),
        ...(isDevelopment ? {} : reactRouterProductionBuild()),
      },
    },
    module: {
      rules: [
        ...swcRules(isDevelopment),
        {
          test: /\.(png|jpe?g|webp|svg|mp4|webm|woff2)$/i,
          type: 'asset/resource',
        },
      ],
    },
    plugins: [
      // A section's server-only code (its prefetch) is written `typeof window === 'undefined' ? … :
      // undefined`: defined here, the condition is false in a browser build, which drops that code and
      // what only it imports (docs/decisions.md, "Server-only code").
      new DefinePlugin({ 'typeof window': JSON.stringify('object') }),
      new ModuleFederationPlugin({
        name: options.name,
        ...(isRemote ? { filename: REMOTE_ENTRY_FILE, exposes: options.exposes } : { remotes: {} }),
        // A remote's production browser build is only ever composed by the shell, which provides every
        // singleton (the release contract holds its versions to the shell's): it carries no fallback
        // copies, and its entry no table registering them. Its development build keeps them, so its
        // standalone QA host runs without the shell.
        shared: sharedSingletons(isRemote, isRemote && !isDevelopment, options.shared),
        // version-first would fetch every registered remote entry at start; one dead remote would then
        // stall the whole page (module-federation/core #3877).
        shareStrategy: 'loaded-first',
        runtimePlugins: options.runtimePlugins || [],
        manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
        dts: false,
        // One copy of the federation runtime per page: the shell provides its runtime-core to the
        // remotes' containers, whose production builds leave theirs out (about 29 KB gzip each).
        // Development builds keep it, so a remote's standalone QA host runs without the shell.
        // optimization.target 'web': the runtime's Node script loading is left out of browser builds.
        // disableSnapshot: the shell registers each remote by its entry (REMOTE_ENTRY_FILE), never by
        // its manifest, so the runtime's manifest snapshot and asset preloading (about 4 KB gzip) are
        // left out; the server's preload hints already start a route's remote chunks with the HTML.
        // disableRemote: a remote loads no remotes of its own, so its entry carries no remote loading.
        experiments: {
          ...(isRemote ? { externalRuntime: !isDevelopment } : { provideExternalRuntime: true }),
          optimization: { target: 'web', disableSnapshot: !isRemote, disableRemote: isRemote },
        },
      }),
      ...(entry
        ? [
            new HtmlWebpackPlugin({
              template: path.join(options.dir, 'src', 'index.html'),
              scriptLoading: 'defer',
              inject: 'head',
              // The standalone host serves deep links (/blog/x): its own scripts come from the root.
              publicPath: '/',
              // A PNG, not the SVG it is drawn from: Chromium parses an SVG icon on the page's main thread.
              favicon: isRemote
                ? undefined
                : (options.favicon ?? path.join(options.dir, 'src', 'favicon.png')),
            }),
            ...(isRemote || isDevelopment ? [] : [new PreloadStartupChunksPlugin()]),
          ]
        : []),
      ...(isDevelopment ? [] : [new CompileHintsPlugin(), ...compressedCopies()]),
    ],
    optimization: {
      // Keep the MF runtime and the bootstrap in the entry so the first paint waits on as few
      // sequential script requests as possible.
      runtimeChunk: false,
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port,
      host: '127.0.0.1',
      allowedHosts: ['localhost', '127.0.0.1'],
      hot: false,
      liveReload: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/config.json', '/media'], target: apiTarget }],
      client: { overlay: { warnings: false, errors: true } },
    },
  };
}

/**
 * The same exposes built for Node (server rendering): an async-node container, a CommonJS library whose
 * chunks the @module-federation/node runtime plugin fetches over HTTP from wherever the remote is
 * deployed, with its own manifest in dist/server. Asset files are not emitted again: their URLs point
 * at the browser build's copies (the shell's at the site root; a remote's behind a placeholder the
 * server replaces with the remote's browser URL, which only the runtime config knows).
 */
function createServerConfig(options, argv) {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const isRemote = Boolean(options.exposes);
  return {
    mode,
    name: `${options.name}-server`,
    context: options.dir,
    target: 'async-node',
    entry: {},
    devtool: false,
    output: {
      path: path.join(options.dir, 'dist', 'server'),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      uniqueName: `side-quest-${options.name}-server`,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: {
      rules: [
        ...swcRules(false),
        {
          test: /\.(png|jpe?g|webp|svg|mp4|webm|woff2)$/i,
          type: 'asset/resource',
          generator: {
            emit: false,
            filename: 'assets/[name].[contenthash:10][ext]',
            publicPath: isRemote ? serverAssetBase(options.name) : '/',
          },
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: options.name,
        filename: 'remoteEntry.js',
        exposes: isRemote ? options.exposes : options.serverExposes,
        library: { type: 'commonjs-module', name: options.name },
        remoteType: 'script',
        shared: sharedSingletons(isRemote, false, options.shared),
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
      }),
    ],
    optimization: { runtimeChunk: false, minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = {
  createConfig,
  devPorts,
  sharedSingletons,
  SITE_SHARED,
  root,
  rootPackageName: rootPackage.name,
  CompileHintsPlugin,
};
