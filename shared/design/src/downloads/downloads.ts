import type { ReactNode } from 'react';

/** A file to download in a DownloadList: its row's label, its address and the file's name. */
export interface Download {
  key: string;
  label: ReactNode;
  href: string;
  fileName: string;
}

/**
 * The downloads of those `kinds` that have a file, in the order of `kinds`: `row` gives each its label and
 * address. A scoring setup's optional files (training data, dependencies) are absent when not attached.
 */
export function downloadsOf<Kind extends string, File extends { name: string }>(
  kinds: readonly Kind[],
  files: Partial<Record<Kind, File>>,
  row: (kind: Kind, file: File) => { label: ReactNode; href: string },
): Download[] {
  return kinds.flatMap((kind) => {
    const file = files[kind];
    return file ? [{ key: kind, fileName: file.name, ...row(kind, file) }] : [];
  });
}
