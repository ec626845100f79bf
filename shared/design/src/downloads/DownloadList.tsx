import { RowList } from '@side-quest/design';
import type { Download } from './downloads';

/** Files to download, a row each: its label, then a link "Download <file name>". */
export function DownloadList({ label, downloads }: { label: string; downloads: readonly Download[] }) {
  return (
    <RowList aria-label={label}>
      {downloads.map((download) => (
        <li key={download.key}>
          <span>{download.label}</span>
          <a href={download.href} download>
            Download {download.fileName}
          </a>
        </li>
      ))}
    </RowList>
  );
}
