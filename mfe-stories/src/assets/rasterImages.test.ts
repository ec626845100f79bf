import fs from 'node:fs';
import path from 'node:path';
import { rasterImageProblems } from '@side-quest/build/raster-images';

const src = path.join(__dirname, '..');

/** The stories' code files, tests left out. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the stories’ pictures', () => {
  it('are WebP drawn from the SVGs as they are now (else: node shared/build/make-raster-images.mjs mfe-stories/src/assets)', () => {
    expect(rasterImageProblems(__dirname)).toEqual([]);
  });

  it('are imported as WebP, never as SVG (each SVG <img> is a document on the main thread)', () => {
    const svgImports = sourceFiles(src).filter((file) =>
      /from '[^']*\.svg'/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(svgImports.map((file) => path.relative(src, file))).toEqual([]);
  });
});
