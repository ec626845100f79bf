import { createHash } from 'node:crypto';

/** Background gradients: dark, so white line-work reads on them, each with one accent colour. */
const PALETTES: [string, string, string][] = [
  ['#0f172a', '#1e3a8a', '#38bdf8'],
  ['#111827', '#065f46', '#34d399'],
  ['#1c1917', '#7c2d12', '#fb923c'],
  ['#0c0a09', '#4c1d95', '#c084fc'],
  ['#020617', '#0f766e', '#5eead4'],
  ['#18181b', '#9f1239', '#fda4af'],
  ['#0a0a0a', '#3f6212', '#bef264'],
  ['#0b1120', '#1d4ed8', '#fde047'],
];

/**
 * An abstract 1200×630 cover image for one bounty theme, as SVG text. The motif and palette are derived
 * from the theme name, so regenerating gives identical files and each theme looks distinct.
 */
export function renderBountyImage(theme: string): string {
  const hash = createHash('sha256').update(theme).digest();
  const n = (i: number) => hash.readUInt8((i % 28) + 2);
  const [from, to, accent] = PALETTES[hash.readUInt8(0) % PALETTES.length] ?? PALETTES[0]!;
  const motif = hash.readUInt8(1) % 4;
  const shapes: string[] = [];
  if (motif === 0) {
    // Concentric rings off-centre.
    const cx = 700 + (n(0) % 300);
    const cy = 200 + (n(1) % 250);
    for (let r = 40; r < 700; r += 46) {
      shapes.push(
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-opacity="${(0.05 + (r % 3) * 0.04).toFixed(2)}" stroke-width="2"/>`,
      );
    }
    shapes.push(`<circle cx="${cx}" cy="${cy}" r="28" fill="${accent}"/>`);
  } else if (motif === 1) {
    // A dot grid with an accent cluster.
    for (let x = 60; x < 1200; x += 60) {
      for (let y = 45; y < 630; y += 60) {
        const lit = (x * 7 + y * 13 + n(x)) % 11 === 0;
        shapes.push(
          `<circle cx="${x}" cy="${y}" r="${lit ? 7 : 3}" fill="${lit ? accent : '#fff'}" fill-opacity="${lit ? 0.9 : 0.18}"/>`,
        );
      }
    }
  } else if (motif === 2) {
    // Stacked waves.
    for (let i = 0; i < 9; i++) {
      const y = 120 + i * 50;
      const a = 20 + (n(i) % 40);
      const d = `M0 ${y} C 300 ${y - a}, 450 ${y + a}, 600 ${y} S 900 ${y - a}, 1200 ${y}`;
      shapes.push(
        `<path d="${d}" fill="none" stroke="${i === 4 ? accent : '#fff'}" stroke-opacity="${i === 4 ? 0.95 : 0.2}" stroke-width="${i === 4 ? 5 : 2}"/>`,
      );
    }
  } else {
    // Rising bars, like a chart or a skyline.
    for (let i = 0; i < 16; i++) {
      const h = 80 + (n(i) % 360);
      const x = 80 + i * 66;
      shapes.push(
        `<rect x="${x}" y="${560 - h}" width="40" height="${h}" rx="6" fill="${i % 5 === 2 ? accent : '#fff'}" fill-opacity="${i % 5 === 2 ? 0.9 : 0.16}"/>`,
      );
    }
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630" role="img">',
    `<title>${theme}</title>`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>`,
    '</linearGradient></defs>',
    '<rect width="1200" height="630" fill="url(#bg)"/>',
    ...shapes,
    '</svg>',
    '',
  ].join('\n');
}
