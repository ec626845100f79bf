import fs from 'node:fs';
import type { Font } from 'satori';
import { PREVIEW_FONT } from './layout';

/**
 * JetBrains Mono (SIL Open Font License), the monospace face of the site's headings, read from its npm
 * package on first use rather than kept in the repository. satori reads WOFF but not WOFF2. Each subset
 * gets a family name of its own: satori picks one font per family and weight, and looks in the other
 * families only for a glyph the chosen one lacks, so Latin Extended, Cyrillic and Greek text is drawn.
 */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek'] as const;
const WEIGHTS = [400, 700] as const;

let fonts: Font[] | undefined;

export function previewFonts(): Font[] {
  fonts ??= SUBSETS.flatMap((subset) =>
    WEIGHTS.map((weight) => ({
      name: subset === 'latin' ? PREVIEW_FONT : `${PREVIEW_FONT} ${subset}`,
      weight,
      style: 'normal' as const,
      data: fs.readFileSync(
        require.resolve(`@fontsource/jetbrains-mono/files/jetbrains-mono-${subset}-${weight}-normal.woff`),
      ),
    })),
  );
  return fonts;
}
