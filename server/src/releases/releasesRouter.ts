import { Router } from 'express';
import { REMOTES } from '@side-quest/data/remotes';
import type { ReleaseStore } from './releaseStore';
import { releasesReport, type ReleasesReport } from './releasesReport';
import { escapeHtml } from '@side-quest/data/html';

function releasesPage(report: ReleasesReport): string {
  const rows = report.remotes
    .map((remote) => {
      const label = REMOTES.find((entry) => entry.name === remote.name)?.label ?? remote.name;
      const cell = (text: string) => `<td>${escapeHtml(text)}</td>`;
      return `<tr>${cell(`${label} (${remote.name})`)}${cell(remote.live ?? 'unversioned build')}${cell(
        remote.canary ? `${remote.canary.version} (${remote.canary.percent}%)` : '—',
      )}${cell(remote.previous.join(', ') || '—')}${cell(
        remote.releases
          .map((release) => `${release.version} · ${release.builtAt} · ${release.commit}`)
          .join('\n'),
      )}</tr>`;
    })
    .join('');
  const audit = report.audit
    .map(
      (entry) =>
        `<li>${escapeHtml(`${entry.at} ${entry.by} ${entry.action} ${entry.name}: ${entry.from ?? '—'} → ${entry.to ?? '—'}`)}</li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Releases · Side Quest</title></head>
<body><main><h1>Releases</h1>
<table><thead><tr><th>Remote</th><th>Live</th><th>Canary</th><th>Previous</th><th>Releases (version · built · commit)</th></tr></thead>
<tbody>${rows}</tbody></table>
<h2>Audit log</h2><ol>${audit || '<li>Nothing yet</li>'}</ol></main></body></html>`;
}

/** Who runs what: GET /api/releases (JSON) and the /releases page (noindex). */
export function createReleasesRouter(store: ReleaseStore): Router {
  const router = Router();
  router.get('/api/releases', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await releasesReport(store));
  });
  router.get('/releases', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.type('html').send(releasesPage(await releasesReport(store)));
  });
  return router;
}
