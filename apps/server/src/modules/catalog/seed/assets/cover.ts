/**
 * Generated 800×800 SVG cover art: a two-colour gradient, a motif that hints at
 * the product (piano keys, pads, waveform, chord blocks, mixer strips), the
 * category and the product name. Text layout is done here, with an estimate of
 * glyph widths, because SVG text does not wrap by itself.
 */
import { mulberry32, randomBetween, randomInt, type Rng } from '#server/lib/seeded-random.ts';

export type CoverMotif = 'keys' | 'pads' | 'wave' | 'chords' | 'channels';

export interface CoverInput {
  display: string;
  category: string;
  motif: CoverMotif;
  from: string;
  to: string;
  label?: string;
  seed: number;
}

const SIZE = 800;
const MARGIN = 64;
const TEXT_WIDTH = SIZE - MARGIN * 2;
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
/** The motif lives between the badge row and the text block. */
const MOTIF = { x: MARGIN, y: 136, width: TEXT_WIDTH, height: 280 } as const;
/** The category line (top of the text block) never rises above this baseline. */
const CATEGORY_MIN_BASELINE = MOTIF.y + MOTIF.height + 56;
const TITLE_SIZES = [96, 88, 80, 72, 64, 56, 48, 44, 40];
const MAX_TITLE_LINES = 3;
const TITLE_BASELINE = 728;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Only plain CSS colours reach the SVG; anything else falls back to a default. */
function safeColour(colour: string, fallback: string): string {
  return /^#[0-9a-f]{3,8}$/i.test(colour) || /^[a-z]{3,20}$/i.test(colour) ? colour : fallback;
}

/** Rounds to one decimal so coordinates stay short in the markup. */
function r(value: number): number {
  return Math.round(value * 10) / 10;
}

// ---------------------------------------------------------------------------
// Text measurement and wrapping

/**
 * Advance widths (hundredths of an em) of printable ASCII, space to '~', in
 * DejaVu Sans Bold / Liberation Sans Bold, whichever is wider. DejaVu is what
 * `system-ui` falls back to on Linux and is wider than Segoe UI, Roboto or San
 * Francisco, so text measured with it fits in every browser.
 */
const ASCII_WIDTHS = [
  35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 40, 40, 84, 84, 84, 61, 100, 77, 76, 73, 83, 68, 68,
  82, 84, 37, 56, 77, 64, 100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 56, 50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104,
  71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84,
];

/** Width of a character in em; beyond ASCII, wide scripts (CJK) get a full em. */
function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  const ascii = ASCII_WIDTHS[code - 32];
  if (ascii !== undefined && code >= 32) return ascii / 100;
  return code >= 0x2e80 ? 1 : 0.85;
}

export function estimateTextWidth(text: string, fontSize: number, letterSpacing = 0): number {
  let ems = 0;
  for (const char of text) ems += charWidth(char);
  return ems * fontSize + letterSpacing * [...text].length;
}

/** Splits a word that is wider than the line on its own into pieces that fit. */
function splitLongWord(word: string, fontSize: number, maxWidth: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const char of word) {
    if (current && estimateTextWidth(current + char, fontSize) > maxWidth) {
      pieces.push(current);
      current = '';
    }
    current += char;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Greedy word wrap by estimated width; over-long words are broken up. */
export function wrapText(text: string, fontSize: number, maxWidth: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words.flatMap((w) => splitLongWord(w, fontSize, maxWidth))) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && estimateTextWidth(candidate, fontSize) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface TitleLayout {
  fontSize: number;
  lines: string[];
  lineHeight: number;
  firstBaseline: number;
  categoryBaseline: number;
}

/** Positions title lines upwards from the bottom margin, with the category above them. */
function positionTitle(fontSize: number, lines: string[]): TitleLayout {
  const lineHeight = Math.round(fontSize * 1.06);
  const firstBaseline = TITLE_BASELINE - (lines.length - 1) * lineHeight;
  // Category sits just above the cap height of the first title line.
  const categoryBaseline = Math.round(firstBaseline - fontSize * 0.78 - 22);
  return { fontSize, lines, lineHeight, firstBaseline, categoryBaseline };
}

/**
 * The largest title size at which the name fits in three lines without the
 * text block climbing into the motif; at the smallest size a very long name is
 * cut to three lines with an ellipsis.
 */
function layOutTitle(title: string): TitleLayout {
  for (const fontSize of TITLE_SIZES) {
    const lines = wrapText(title, fontSize, TEXT_WIDTH);
    const layout = positionTitle(fontSize, lines);
    if (lines.length <= MAX_TITLE_LINES && layout.categoryBaseline >= CATEGORY_MIN_BASELINE) return layout;
  }
  const fontSize = TITLE_SIZES[TITLE_SIZES.length - 1] as number;
  const lines = wrapText(title, fontSize, TEXT_WIDTH).slice(0, MAX_TITLE_LINES);
  let last = lines[lines.length - 1] ?? '';
  if (wrapText(title, fontSize, TEXT_WIDTH).length > MAX_TITLE_LINES) {
    while (last && estimateTextWidth(`${last}…`, fontSize) > TEXT_WIDTH) last = last.slice(0, -1);
    lines[lines.length - 1] = `${last.trimEnd()}…`;
  }
  return positionTitle(fontSize, lines);
}

// ---------------------------------------------------------------------------
// Motifs. Drawn in white at different opacities so they suit any gradient.

/** Two octaves of piano keys with a seeded chord lit up. */
function keysMotif(rng: Rng, dark: string): string {
  const whiteCount = 14;
  const keyWidth = MOTIF.width / whiteCount;
  const height = MOTIF.height;
  const top = MOTIF.y + (MOTIF.height - height) / 2;
  const whitePitches = [0, 2, 4, 5, 7, 9, 11];
  const root = randomInt(rng, 0, 11);
  const shape = [
    [0, 4, 7, 11],
    [0, 3, 7, 10],
    [0, 4, 7, 10],
    [0, 3, 7, 14],
  ][randomInt(rng, 0, 3)] as number[];
  const lit = new Set(shape.map((interval) => (root + interval) % 24));
  const parts: string[] = [];
  for (let i = 0; i < whiteCount; i++) {
    const pitch = Math.floor(i / 7) * 12 + (whitePitches[i % 7] as number);
    const opacity = lit.has(pitch) ? 0.9 : 0.2;
    parts.push(
      `<rect x="${r(MOTIF.x + i * keyWidth + 2)}" y="${r(top)}" width="${r(keyWidth - 4)}" height="${height}" rx="8" fill="#fff" fill-opacity="${opacity}"/>`,
    );
  }
  // Black keys sit after C, D, F, G and A of each octave.
  for (let octave = 0; octave < 2; octave++) {
    [0, 1, 3, 4, 5].forEach((whiteIndex) => {
      const pitch = octave * 12 + (whitePitches[whiteIndex] as number) + 1;
      const x = MOTIF.x + (octave * 7 + whiteIndex + 1) * keyWidth - keyWidth * 0.3;
      // Opaque, so the gaps between white keys do not show through as stripes.
      const fill = lit.has(pitch) ? '#fff' : dark;
      parts.push(
        `<rect x="${r(x)}" y="${r(top)}" width="${r(keyWidth * 0.6)}" height="${r(height * 0.6)}" rx="5" fill="${fill}" stroke="#fff" stroke-opacity="0.25"/>`,
      );
    });
  }
  return parts.join('');
}

/** A 4×4 pad grid with a few pads lit. */
function padsMotif(rng: Rng): string {
  const gap = 16;
  const pad = (MOTIF.height - gap * 3) / 4;
  const left = SIZE / 2 - (pad * 4 + gap * 3) / 2;
  const parts: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let column = 0; column < 4; column++) {
      const x = r(left + column * (pad + gap));
      const y = r(MOTIF.y + row * (pad + gap));
      const lit = rng() < 0.35;
      if (lit) parts.push(`<rect x="${r(x - 6)}" y="${r(y - 6)}" width="${r(pad + 12)}" height="${r(pad + 12)}" rx="18" fill="#fff" fill-opacity="0.15"/>`);
      parts.push(
        `<rect x="${x}" y="${y}" width="${r(pad)}" height="${r(pad)}" rx="12" fill="#fff" fill-opacity="${lit ? 0.88 : 0.14}" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>`,
      );
    }
  }
  return parts.join('');
}

/** Mirrored waveform bars under a soft seeded envelope, with a sine line across. */
function waveMotif(rng: Rng): string {
  const bars = 48;
  const step = MOTIF.width / bars;
  const centre = MOTIF.y + MOTIF.height / 2;
  const f1 = randomBetween(rng, 0.15, 0.35);
  const f2 = randomBetween(rng, 0.5, 0.9);
  const phase = randomBetween(rng, 0, Math.PI * 2);
  const parts: string[] = [];
  for (let i = 0; i < bars; i++) {
    const envelope = Math.sin((Math.PI * (i + 0.5)) / bars);
    const level = 0.25 + 0.75 * Math.abs(Math.sin(i * f1 + phase) * 0.7 + Math.sin(i * f2) * 0.3);
    const half = Math.max(6, (MOTIF.height / 2 - 10) * envelope * level);
    parts.push(
      `<rect x="${r(MOTIF.x + i * step + step * 0.2)}" y="${r(centre - half)}" width="${r(step * 0.6)}" height="${r(half * 2)}" rx="${r(step * 0.3)}" fill="#fff" fill-opacity="0.8"/>`,
    );
  }
  const points: string[] = [];
  for (let x = 0; x <= MOTIF.width; x += 12) {
    points.push(`${r(MOTIF.x + x)},${r(centre + Math.sin(x / 38 + phase) * 70 * Math.sin((Math.PI * x) / MOTIF.width))}`);
  }
  parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="4" stroke-linecap="round"/>`);
  return parts.join('');
}

/** Piano-roll style chord blocks: columns of stacked notes with varied lengths. */
function chordsMotif(rng: Rng): string {
  // One row per semitone over two octaves; a chord's notes land a third apart.
  const rows = 24;
  const rowHeight = MOTIF.height / rows;
  const blockHeight = rowHeight * 2.4;
  const shapes = [
    [0, 4, 7, 11],
    [0, 3, 7, 10],
    [0, 4, 7, 10, 14],
    [0, 3, 7],
    [0, 4, 7, 14],
  ];
  const parts: string[] = [];
  let x = MOTIF.x;
  while (x < MOTIF.x + MOTIF.width - 60) {
    const width = Math.min(MOTIF.x + MOTIF.width - x, [100, 132, 164][randomInt(rng, 0, 2)] as number);
    const shape = shapes[randomInt(rng, 0, shapes.length - 1)] as number[];
    const lowest = randomInt(rng, 0, rows - 17);
    shape.forEach((interval, index) => {
      const top = MOTIF.y + MOTIF.height - (lowest + interval) * rowHeight - blockHeight;
      const opacity = r(0.55 + (0.4 * index) / (shape.length - 1));
      parts.push(`<rect x="${r(x + 5)}" y="${r(top)}" width="${r(width - 10)}" height="${r(blockHeight)}" rx="8" fill="#fff" fill-opacity="${opacity}"/>`);
    });
    x += width;
  }
  return parts.join('');
}

/** Eight mixer strips: knob, level meter and fader. */
function channelsMotif(rng: Rng): string {
  const strips = 8;
  const stripWidth = MOTIF.width / strips;
  const parts: string[] = [];
  for (let i = 0; i < strips; i++) {
    const left = MOTIF.x + i * stripWidth;
    const centreX = left + stripWidth / 2;
    parts.push(`<rect x="${r(left + 6)}" y="${MOTIF.y}" width="${r(stripWidth - 12)}" height="${MOTIF.height}" rx="12" fill="#fff" fill-opacity="0.08"/>`);
    // Pan knob with its pointer at a seeded angle.
    const angle = randomBetween(rng, -2.2, 2.2);
    const knobY = MOTIF.y + 36;
    parts.push(`<circle cx="${r(centreX)}" cy="${knobY}" r="17" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="3"/>`);
    parts.push(
      `<line x1="${r(centreX)}" y1="${knobY}" x2="${r(centreX + Math.sin(angle) * 13)}" y2="${r(knobY - Math.cos(angle) * 13)}" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
    );
    // Level meter beside the fader track.
    const trackTop = MOTIF.y + 78;
    const trackHeight = MOTIF.height - 100;
    const level = randomBetween(rng, 0.3, 0.95);
    parts.push(
      `<rect x="${r(centreX + 14)}" y="${r(trackTop + trackHeight * (1 - level))}" width="8" height="${r(trackHeight * level)}" rx="4" fill="url(#meter)"/>`,
    );
    parts.push(`<rect x="${r(centreX - 2)}" y="${trackTop}" width="4" height="${trackHeight}" rx="2" fill="#fff" fill-opacity="0.3"/>`);
    const faderY = trackTop + trackHeight * randomBetween(rng, 0.15, 0.7);
    parts.push(`<rect x="${r(centreX - 20)}" y="${r(faderY - 11)}" width="40" height="22" rx="6" fill="#fff" fill-opacity="0.9"/>`);
  }
  return parts.join('');
}

/** Each motif draws from the seeded generator; `dark` is the gradient's start colour. */
const MOTIFS: Record<CoverMotif, (rng: Rng, dark: string) => string> = {
  keys: keysMotif,
  pads: padsMotif,
  wave: waveMotif,
  chords: chordsMotif,
  channels: channelsMotif,
};

// ---------------------------------------------------------------------------

function badge(label: string, textColour: string): string {
  const fontSize = 28;
  const width = Math.min(TEXT_WIDTH, estimateTextWidth(label, fontSize, 1) + 40);
  const x = SIZE - MARGIN - width;
  return (
    `<rect x="${r(x)}" y="${MARGIN}" width="${r(width)}" height="52" rx="26" fill="#fff"/>` +
    `<text x="${r(x + width / 2)}" y="${MARGIN + 36}" text-anchor="middle" font-size="${fontSize}" font-weight="800" letter-spacing="1" fill="${textColour}">${escapeXml(label)}</text>`
  );
}

/** Renders the cover as a standalone SVG document (well under 12 KB). */
export function renderCoverSvg(input: CoverInput): string {
  const from = safeColour(input.from, '#1b1b2f');
  const to = safeColour(input.to, '#5fb4a2');
  const rng = mulberry32(input.seed);
  const { fontSize, lines, lineHeight, firstBaseline, categoryBaseline } = layOutTitle(input.display);
  const titleLines = lines
    .map((line, index) => `<tspan x="${MARGIN}" ${index === 0 ? `y="${firstBaseline}"` : `dy="${lineHeight}"`}>${escapeXml(line)}</tspan>`)
    .join('');
  const category = input.category.toUpperCase();
  let categorySize = 24;
  while (categorySize > 14 && estimateTextWidth(category, categorySize, 4) > TEXT_WIDTH) categorySize -= 2;
  // Badges are meant for short tags ('TRIAL', '-20%'); a long one is cut rather than overflow.
  const label = input.label?.trim().slice(0, 16);

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" font-family="${FONT_FAMILY}">`,
    `<title>${escapeXml(input.display)}</title>`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    '<radialGradient id="glow" cx="0.85" cy="0.1" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    // A dark scrim behind the text keeps white type readable on light gradients.
    '<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></linearGradient>',
    `<linearGradient id="meter" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    '</defs>',
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#glow)"/>`,
    `<g>${MOTIFS[input.motif](rng, from)}</g>`,
    `<rect y="400" width="${SIZE}" height="400" fill="url(#scrim)"/>`,
    `<text x="${MARGIN}" y="${categoryBaseline}" font-size="${categorySize}" font-weight="600" letter-spacing="4" fill="#fff" fill-opacity="0.85">${escapeXml(category)}</text>`,
    `<text font-size="${fontSize}" font-weight="800" fill="#fff">${titleLines}</text>`,
    label ? badge(label, from) : '',
    '</svg>',
  ].join('');
}
