import type { ReactElement } from 'react';
import { theme } from '@side-quest/design';

/** Open Graph's large image size: what link previews crop least. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** The brand as the site's header shows it. */
export const BRAND_TEXT = 'SIDE_QUEST';

/** The font family name given to satori (fonts.ts loads it). */
export const PREVIEW_FONT = 'JetBrains Mono';

/**
 * Every glyph of the monospace font advances 0.6 em, so the width of a line is known without measuring
 * it: text is wrapped and cut here, deterministically, and satori never wraps it again.
 */
const ADVANCE_EM = 0.6;

const PADDING_X = 80;
const PADDING_Y = 60;
/** The accent stripe along the left edge. */
const STRIPE_WIDTH = 14;
export const CONTENT_WIDTH = PREVIEW_WIDTH - 2 * PADDING_X;

/** The title's font sizes, largest first: the largest one at which it fits in TITLE_MAX_LINES wins. */
export const TITLE_SIZES = [72, 64, 56, 48] as const;
export const TITLE_MAX_LINES = 3;
const SUBTITLE_SIZE = 32;
const SUBTITLE_MAX_LINES = 2;
const BADGE_SIZE = 44;
const TAG_SIZE = 26;
const TAG_PADDING_X = 18;
const TAG_GAP = 14;
/** A single skill longer than this is cut, so one tag cannot push the others out. */
const TAG_MAX_COLUMNS = 28;
/** What the layout keeps of any text before fitting it: enough for any line it can show. */
const MAX_INPUT_CHARACTERS = 400;

/** What one preview image shows, besides the brand. */
export interface PreviewContent {
  /** Small label beside the brand, e.g. `// BOUNTY`. */
  eyebrow: string;
  title: string;
  /** The reward, drawn as the site's reward badge; empty for none. */
  badge: string;
  /** One or two lines under the title (a story's author, the site's tagline); empty for none. */
  subtitle: string;
  /** Label before the tags, e.g. `PROVED:`; empty for none. */
  tagsLabel: string;
  tags: readonly string[];
}

/** East Asian wide characters and emoji take two cells of a monospace line. */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;

function cellsOf(character: string): number {
  return WIDE.test(character) ? 2 : 1;
}

/** How many monospace cells the text takes. */
export function columnsOf(text: string): number {
  let columns = 0;
  for (const character of text) columns += cellsOf(character);
  return columns;
}

/**
 * Text as the image may show it: control and bidirectional-override characters dropped (they would
 * reorder or hide what follows), all whitespace one space, at most MAX_INPUT_CHARACTERS kept. Markup is
 * not special here: satori draws every character as a glyph, so `</svg><script>` is just text.
 */
export function cleanText(text: string): string {
  const cleaned = text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what it drops
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(cleaned).slice(0, MAX_INPUT_CHARACTERS).join('');
}

/** The longest start of `text` that fits in `columns` cells, without splitting a surrogate pair. */
function takeColumns(text: string, columns: number): string {
  let used = 0;
  let taken = '';
  for (const character of text) {
    const cells = cellsOf(character);
    if (used + cells > columns) break;
    used += cells;
    taken += character;
  }
  return taken;
}

/** Text cut to `columns` cells, ending in an ellipsis when something was cut. */
export function ellipsize(text: string, columns: number): string {
  if (columns <= 0) return '';
  if (columnsOf(text) <= columns) return text;
  return `${takeColumns(text, columns - 1).trimEnd()}…`;
}

/** Greedy word wrap at `columns` cells; a word longer than a line is broken. */
export function wrapText(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (columnsOf(candidate) <= columns) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (columnsOf(rest) > columns) {
      const head = takeColumns(rest, columns) || Array.from(rest)[0] || '';
      lines.push(head);
      rest = rest.slice(head.length);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** Monospace cells in `width` pixels at `fontSize`. */
export function columnsIn(width: number, fontSize: number): number {
  return Math.floor(width / (fontSize * ADVANCE_EM));
}

/**
 * Wraps text into at most `maxLines` lines at the largest of `sizes` where it fits; at the smallest size
 * anything beyond the last line is dropped and the last line ends in an ellipsis.
 */
export function fitText(
  text: string,
  options: { width: number; maxLines: number; sizes: readonly number[] },
): { fontSize: number; lines: string[] } {
  const sizes = options.sizes.length > 0 ? options.sizes : [16];
  for (const fontSize of sizes) {
    const lines = wrapText(text, columnsIn(options.width, fontSize));
    if (lines.length <= options.maxLines) return { fontSize, lines };
  }
  const fontSize = sizes[sizes.length - 1] as number;
  const columns = columnsIn(options.width, fontSize);
  const lines = wrapText(text, columns).slice(0, options.maxLines);
  const last = lines.length - 1;
  // Room for the ellipsis even when the last line is full.
  lines[last] = ellipsize(`${lines[last] ?? ''}…`, columns);
  return { fontSize, lines };
}

/** The tags that fit on one row (each cut to TAG_MAX_COLUMNS), and how many were left out. */
export function fitTags(tags: readonly string[], width: number): { shown: string[]; hidden: number } {
  // No row holds more than a few dozen tags; the rest only count towards "+N".
  const cleaned = tags
    .slice(0, 64)
    .map((tag) => ellipsize(cleanText(tag), TAG_MAX_COLUMNS))
    .filter(Boolean);
  const uncounted = Math.max(0, tags.length - 64);
  const tagWidth = (text: string) => columnsOf(text) * TAG_SIZE * ADVANCE_EM + 2 * TAG_PADDING_X;
  const shown: string[] = [];
  let used = 0;
  for (const [index, tag] of cleaned.entries()) {
    const remaining = cleaned.length - index - 1 + uncounted;
    const next = used + (shown.length > 0 ? TAG_GAP : 0) + tagWidth(tag);
    // Keep room for a "+N" tag unless this is the last one.
    const reserve = remaining > 0 ? TAG_GAP + tagWidth(`+${remaining}`) : 0;
    if (next + reserve > width) break;
    shown.push(tag);
    used = next;
  }
  return { shown, hidden: cleaned.length - shown.length + uncounted };
}

const line = (text: string, key: number) => (
  <div key={key} style={{ display: 'flex', whiteSpace: 'pre' }}>
    {text}
  </div>
);

/**
 * The preview image's element tree for satori (React elements; no component or hook runs): the brand
 * and the eyebrow on top, the fitted title, the badge or subtitle, and one row of tags, on the site's
 * dark background with its accent. Every string is already fitted, so nothing can overflow the canvas.
 */
export function previewLayout(content: PreviewContent): ReactElement {
  const color = theme.color;
  const title = fitText(cleanText(content.title), {
    width: CONTENT_WIDTH,
    maxLines: TITLE_MAX_LINES,
    sizes: TITLE_SIZES,
  });
  const subtitle = fitText(cleanText(content.subtitle), {
    width: CONTENT_WIDTH,
    maxLines: SUBTITLE_MAX_LINES,
    sizes: [SUBTITLE_SIZE],
  });
  const badge = ellipsize(cleanText(content.badge), columnsIn(CONTENT_WIDTH / 2, BADGE_SIZE));
  const eyebrow = ellipsize(cleanText(content.eyebrow), 30);
  const label = ellipsize(cleanText(content.tagsLabel), 12);
  const labelWidth = label ? columnsOf(label) * TAG_SIZE * ADVANCE_EM + TAG_GAP : 0;
  const tags = fitTags(content.tags, CONTENT_WIDTH - labelWidth);

  const tag = (text: string, key: string | number, muted = false) => (
    <div
      key={key}
      style={{
        display: 'flex',
        padding: `6px ${TAG_PADDING_X}px`,
        borderRadius: 999,
        background: muted ? color.surfaceRaised : color.accentMuted,
        color: muted ? color.textMuted : color.text,
        fontSize: TAG_SIZE,
        whiteSpace: 'pre',
      }}
    >
      {text}
    </div>
  );

  return (
    <div
      style={{
        display: 'flex',
        width: PREVIEW_WIDTH,
        height: PREVIEW_HEIGHT,
        background: color.background,
        color: color.text,
        fontFamily: PREVIEW_FONT,
      }}
    >
      <div style={{ display: 'flex', width: STRIPE_WIDTH, height: '100%', background: color.accent }} />
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          flexGrow: 1,
          padding: `${PADDING_Y}px ${PADDING_X - STRIPE_WIDTH}px ${PADDING_Y}px ${PADDING_X}px`,
        }}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <div style={{ display: 'flex', color: color.accent, fontSize: 40, fontWeight: 700 }}>
            {BRAND_TEXT}
          </div>
          {eyebrow.length > 0 && (
            <div style={{ display: 'flex', color: color.textMuted, fontSize: 26, letterSpacing: 2 }}>
              {eyebrow}
            </div>
          )}
        </div>

        <div style={{ display: 'flex', flexDirection: 'column', gap: 28 }}>
          <div
            data-testid="title"
            style={{
              display: 'flex',
              flexDirection: 'column',
              fontSize: title.fontSize,
              fontWeight: 700,
              lineHeight: 1.15,
            }}
          >
            {title.lines.map(line)}
          </div>
          {badge.length > 0 && (
            <div style={{ display: 'flex' }}>
              <div
                style={{
                  display: 'flex',
                  padding: '8px 22px',
                  borderRadius: 8,
                  background: color.accentMuted,
                  color: color.accent,
                  fontSize: BADGE_SIZE,
                  fontWeight: 700,
                  whiteSpace: 'pre',
                }}
              >
                {badge}
              </div>
            </div>
          )}
          {subtitle.lines.length > 0 && (
            <div
              style={{
                display: 'flex',
                flexDirection: 'column',
                color: color.textMuted,
                fontSize: subtitle.fontSize,
                lineHeight: 1.3,
              }}
            >
              {subtitle.lines.map(line)}
            </div>
          )}
        </div>

        <div style={{ display: 'flex', alignItems: 'center', gap: TAG_GAP, minHeight: 50 }}>
          {label.length > 0 && tags.shown.length > 0 && (
            <div style={{ display: 'flex', color: color.accent, fontSize: TAG_SIZE, fontWeight: 700 }}>
              {label}
            </div>
          )}
          {tags.shown.map((text, index) => tag(text, index))}
          {tags.hidden > 0 && tag(`+${tags.hidden}`, 'more', true)}
        </div>
      </div>
    </div>
  );
}
