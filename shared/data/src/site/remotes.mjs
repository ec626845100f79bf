// The remotes the site composes: the one list that the route table, the build and dev scripts, the Jest
// and lint configs and the server read. Plain JavaScript so Node scripts and configs can import it as it
// is; the JSDoc cast keeps the literal types for TypeScript.
//   name     federation name: the runtime config key, REMOTE_<NAME>_URL, /remotes/<name>/
//   app      the workspace folder that builds it
//   devPort  its webpack dev server (npm run dev, npm start -w <app>)
//   label    how the section is named to visitors (fallbacks, release banners)

export const REMOTES = /** @type {const} */ ([
  { name: 'bounties', app: 'mfe-bounties', devPort: 3101, label: 'Bounties' },
  { name: 'compass', app: 'mfe-compass', devPort: 3102, label: 'Value Compass' },
  { name: 'stories', app: 'mfe-stories', devPort: 3103, label: 'Stories' },
  { name: 'clients', app: 'mfe-clients', devPort: 3104, label: 'For Clients' },
]);

/**
 * The variable that has the server serve a remote's unversioned build from another folder than its app's
 * dist/: REMOTE_<NAME>_DIR (a remote's verify run composes its candidate with the others' live releases).
 * @param {string} name
 */
export const remoteDirVariable = (name) => `REMOTE_${name.toUpperCase()}_DIR`;

/**
 * The file name of every remote's browser entry, beside its mf-manifest.json. The browser loads a
 * remote by this entry, not by its manifest (the runtime's manifest and preload code, about 4 KB gzip,
 * stays out of every page), so the name is fixed by the build and checked by the release contract.
 */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/**
 * A remote's browser entry from its manifest's URL (the runtime config names manifests).
 * @param {string} manifestUrl
 */
export const remoteEntryUrl = (manifestUrl) => new URL(REMOTE_ENTRY_FILE, manifestUrl).href;

/** The host: not a remote, but built, served in dev and tested beside them. */
export const SHELL_APP = /** @type {const} */ ({ name: 'shell', app: 'shell', devPort: 3100 });

export const REMOTE_NAMES = REMOTES.map((remote) => remote.name);

/**
 * Where a remote's server build points its asset URLs (images) until the server, which knows the
 * browser build's URL from runtime config, replaces it in the HTML: both then name the same file.
 * @param {string} name
 */
export const serverAssetBase = (name) => `/__side_quest_assets__/${name}/`;

/** Every app folder, the shell first. */
export const APPS = [SHELL_APP.app, ...REMOTES.map((remote) => remote.app)];
