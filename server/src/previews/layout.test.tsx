import { isValidElement, type ReactNode } from 'react';
import satori from 'satori';
import { previewFonts } from './fonts';
import {
  CONTENT_WIDTH,
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  TITLE_MAX_LINES,
  TITLE_SIZES,
  cleanText,
  columnsIn,
  columnsOf,
  ellipsize,
  fitTags,
  fitText,
  previewLayout,
  wrapText,
  type PreviewContent,
} from './layout';
import { bountyPreview, readPreviewCard, storyPreview } from './previewContent';

const titleOptions = { width: CONTENT_WIDTH, maxLines: TITLE_MAX_LINES, sizes: TITLE_SIZES };
const smallest = TITLE_SIZES[TITLE_SIZES.length - 1] as number;

/** Every string the element tree draws, in order. */
function textsOf(node: ReactNode): string[] {
  if (typeof node === 'string' || typeof node === 'number') return [String(node)];
  if (Array.isArray(node)) return node.flatMap(textsOf);
  if (isValidElement<{ children?: ReactNode }>(node)) return textsOf(node.props.children);
  return [];
}

const content = (overrides: Partial<PreviewContent>): PreviewContent => ({
  ...bountyPreview({ item_title: 'A bounty', reward_amount: 5000, skill_tags: ['Python'] }),
  ...overrides,
});

describe('fitting text', () => {
  it('keeps a short title whole at the largest size', () => {
    expect(fitText('Build a fraud detector', titleOptions)).toEqual({
      fontSize: TITLE_SIZES[0],
      lines: ['Build a fraud detector'],
    });
  });

  it('steps the size down until the title fits in the allowed lines', () => {
    const title = 'Design and ship a resilient offline-first sync engine for a field-service mobile app';
    const fitted = fitText(title, titleOptions);
    expect(fitted.fontSize).toBeLessThan(TITLE_SIZES[0]);
    expect(fitted.lines.length).toBeLessThanOrEqual(TITLE_MAX_LINES);
    expect(fitted.lines.join(' ')).toBe(title);
  });

  it('clips a title too long for any size to the last line, ending in an ellipsis', () => {
    const title = 'word '.repeat(200).trim();
    const fitted = fitText(title, titleOptions);
    expect(fitted.fontSize).toBe(smallest);
    expect(fitted.lines).toHaveLength(TITLE_MAX_LINES);
    expect(fitted.lines[TITLE_MAX_LINES - 1]).toMatch(/…$/);
    for (const line of fitted.lines) {
      expect(columnsOf(line)).toBeLessThanOrEqual(columnsIn(CONTENT_WIDTH, smallest));
    }
  });

  it('breaks a word longer than a line and never splits a surrogate pair', () => {
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(ellipsize('😀😀😀😀', 5)).toBe('😀😀…');
    expect(ellipsize('short', 10)).toBe('short');
    // Wide characters take two cells.
    expect(columnsOf('漢字a')).toBe(5);
  });

  it('drops control and bidirectional-override characters and collapses whitespace', () => {
    expect(cleanText('  a\u202Eb\u0000c \n\t d\u200B ')).toBe('abc d');
    expect(Array.from(cleanText('x'.repeat(5000)))).toHaveLength(400);
  });

  it('shows the tags that fit on one row and counts the rest', () => {
    const tags = Array.from({ length: 30 }, (_, index) => `Skill number ${index}`);
    const { shown, hidden } = fitTags(tags, CONTENT_WIDTH);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length + hidden).toBe(30);
    expect(fitTags(['Python', 'SQL'], CONTENT_WIDTH)).toEqual({ shown: ['Python', 'SQL'], hidden: 0 });
    // One endless tag is cut, not allowed to push the row off the image.
    expect(fitTags(['x'.repeat(500)], CONTENT_WIDTH).shown[0]).toMatch(/^x+…$/);
  });
});

describe('previewLayout', () => {
  it('draws the brand, the title, the reward and the skills of a bounty', () => {
    const texts = textsOf(
      previewLayout(
        bountyPreview({ item_title: '  ', reward_amount: 12500, skill_tags: ['Python', 'Kafka'] }),
      ),
    );
    expect(texts).toEqual(['SIDE_QUEST', '// BOUNTY', 'Untitled Bounty', '$12,500', 'Python', 'Kafka']);
  });

  it('draws a story with its author and proven skills', () => {
    const card = readPreviewCard({ title: 'A story', subtitle: 'Mara Okafor', tags: ['Python', 7] });
    expect(card).toEqual({ title: 'A story', subtitle: 'Mara Okafor', tags: ['Python'] });
    expect(textsOf(previewLayout(storyPreview(card!)))).toEqual([
      'SIDE_QUEST',
      '// SUCCESS STORY',
      'A story',
      'by Mara Okafor',
      'PROVED:',
      'Python',
    ]);
    expect(readPreviewCard({ subtitle: 'no title' })).toBeNull();
    expect(readPreviewCard('<svg/>')).toBeNull();
  });

  it('treats markup in any field as text: the SVG holds glyph paths, never the markup', async () => {
    const hostile = '</svg><script>alert(1)</script><foreignObject>&amp;';
    const layout = previewLayout(content({ title: hostile, tags: [hostile], subtitle: hostile }));
    expect(textsOf(layout)).toContain(hostile);
    const svg = await satori(layout, { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, fonts: previewFonts() });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<\/svg>/g)).toHaveLength(1);
    expect(svg).not.toMatch(/<script|<foreignObject|alert\(/i);
    expect(svg).toContain(`width="${PREVIEW_WIDTH}"`);
  });
});
