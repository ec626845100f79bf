import { REMOTE_NAMES } from '../config/serverConfig';
import type { AuditEntry, ReleaseRecord, ReleaseStore, RemoteReleaseState } from './releaseStore';

export interface ReleasesReport {
  remotes: Array<RemoteReleaseState & { releases: ReleaseRecord[] }>;
  audit: AuditEntry[];
}

/** Each remote's live version, canary, previous versions and releases, and the audit log, newest first. */
export async function releasesReport(store: ReleaseStore): Promise<ReleasesReport> {
  const [states, releases, audit] = await Promise.all([store.states(), store.releases(), store.audit(50)]);
  return {
    remotes: REMOTE_NAMES.map((name) => ({
      ...(states.find((state) => state.name === name) ?? { name, live: null, canary: null, previous: [] }),
      releases: releases.filter((release) => release.name === name),
    })),
    audit,
  };
}

/** The same report as a plain-text table, for `npm run releases`. */
export function formatReleasesReport(report: ReleasesReport): string {
  const lines = ['remote     live                     canary                   previous'];
  for (const remote of report.remotes) {
    lines.push(
      [
        remote.name.padEnd(10),
        (remote.live ?? '(unversioned build)').padEnd(24),
        (remote.canary ? `${remote.canary.version} ${remote.canary.percent}%` : '-').padEnd(24),
        remote.previous.join(', ') || '-',
      ].join(' '),
    );
    for (const release of remote.releases)
      lines.push(`           ${release.version}  built ${release.builtAt}  commit ${release.commit}`);
  }
  lines.push('', 'audit log (newest first):');
  for (const entry of report.audit)
    lines.push(
      `  ${entry.at}  ${entry.by}  ${entry.action} ${entry.name}: ${entry.from ?? '-'} -> ${entry.to ?? '-'}`,
    );
  return lines.join('\n');
}
