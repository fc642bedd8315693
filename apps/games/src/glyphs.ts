/**
 * Symbol art of the studio's slot families, drawn as inline SVG (no emoji: they look different on
 * every phone, and some Burmese phones have none). Every family has a colour theme; S1–S4 are its
 * themed high symbols, A–10 the low ones, W the wild and SC the scatter. The words on the wild and
 * scatter tiles are translated and squeezed to fit with textLength.
 */

type Shape = (a: string, b: string) => string;

const shine = '<ellipse cx="38" cy="34" rx="10" ry="6" fill="#fff" opacity=".35"/>';
const stroke = (c: string, w = 3) => `stroke="${c}" stroke-width="${w}" stroke-linejoin="round"`;

const SHAPES: Record<string, Shape> = {
  seven: (a, b) =>
    `<text x="50" y="82" font-size="86" font-weight="900" font-family="Georgia,serif" text-anchor="middle" fill="${a}" ${stroke(b, 5)} paint-order="stroke">7</text>`,
  bell: (a, b) =>
    `<path d="M50 12c-4 0-7 3-7 7v3C30 26 24 38 24 52v14l-8 10h68l-8-10V52c0-14-6-26-19-30v-3c0-4-3-7-7-7z" fill="${a}" ${stroke(b)}/><circle cx="50" cy="84" r="7" fill="${b}"/>${shine}`,
  fruit: (a, b) =>
    `<circle cx="50" cy="57" r="31" fill="${a}" ${stroke(b)}/><path d="M50 27c2-10 10-15 20-14-2 9-10 14-20 14z" fill="#3f9b3a"/>${shine}`,
  lemon: (a, b) =>
    `<ellipse cx="50" cy="55" rx="36" ry="26" fill="${a}" ${stroke(b)} transform="rotate(-20 50 55)"/><path d="M76 32l8-6" ${stroke(b, 5)}/>${shine}`,
  cherry: (a, b) =>
    `<path d="M34 62C40 40 52 24 70 14M66 64C64 44 66 28 70 14" fill="none" ${stroke('#3f7a2a', 4)}/><circle cx="32" cy="68" r="17" fill="${a}" ${stroke(b)}/><circle cx="68" cy="70" r="17" fill="${a}" ${stroke(b)}/><circle cx="26" cy="62" r="4" fill="#fff" opacity=".5"/>`,
  berry: (a, b) =>
    `<path d="M50 90C30 76 18 58 20 42c2-10 14-14 30-10 16-4 28 0 30 10 2 16-10 34-30 48z" fill="${a}" ${stroke(b)}/><path d="M34 28l16-12 16 12-16 6z" fill="#3f9b3a"/><g fill="#ffe08a"><circle cx="38" cy="48" r="2.5"/><circle cx="56" cy="46" r="2.5"/><circle cx="46" cy="62" r="2.5"/><circle cx="62" cy="62" r="2.5"/><circle cx="50" cy="76" r="2.5"/></g>`,
  melon: (a, b) =>
    `<path d="M10 38h80a40 40 0 0 1-80 0z" fill="${a}" ${stroke('#2f8a3a', 7)}/><g fill="${b}"><ellipse cx="34" cy="50" rx="3" ry="5"/><ellipse cx="50" cy="60" rx="3" ry="5"/><ellipse cx="66" cy="50" rx="3" ry="5"/><ellipse cx="42" cy="68" rx="3" ry="5"/><ellipse cx="58" cy="70" rx="3" ry="5"/></g>`,
  grapes: (a, b) =>
    `<g fill="${a}" ${stroke(b, 2.5)}><circle cx="34" cy="38" r="12"/><circle cx="58" cy="38" r="12"/><circle cx="46" cy="56" r="12"/><circle cx="70" cy="56" r="11"/><circle cx="24" cy="56" r="10"/><circle cx="36" cy="74" r="11"/><circle cx="58" cy="74" r="11"/><circle cx="48" cy="90" r="8"/></g><path d="M46 26c0-8 4-14 12-16" fill="none" ${stroke('#3f7a2a', 4)}/>`,
  bag: (a, b) =>
    `<path d="M36 30c-20 14-26 34-22 48 3 10 14 14 36 14s33-4 36-14c4-14-2-34-22-48z" fill="${a}" ${stroke(b)}/><path d="M34 18h32l-8 12H42z" fill="${a}" ${stroke(b)}/><text x="50" y="76" font-size="34" font-weight="900" text-anchor="middle" fill="${b}">$</text>`,
  crown: (a, b) =>
    `<path d="M16 74 12 28l22 22 16-30 16 30 22-22-4 46z" fill="${a}" ${stroke(b)}/><rect x="16" y="74" width="68" height="12" rx="3" fill="${b}"/><circle cx="50" cy="58" r="6" fill="#e8364e"/><circle cx="30" cy="62" r="4" fill="#3aa0ff"/><circle cx="70" cy="62" r="4" fill="#3aa0ff"/>`,
  diamond: (a, b) =>
    `<path d="M20 38 35 16h30l15 22-30 48z" fill="${a}" ${stroke(b)}/><path d="M20 38h60M35 16l6 22 9 48 9-48 6-22M41 38l9-22 9 22" fill="none" ${stroke(b, 2)}/>`,
  ring: (a, b) =>
    `<circle cx="50" cy="62" r="24" fill="none" ${stroke(a, 9)}/><path d="M38 30l6-12h12l6 12-12 12z" fill="${b}" ${stroke('#fff', 2)}/>`,
  orb: (a, b) =>
    `<path d="M30 80h40l6 10H24z" fill="${b}"/><circle cx="50" cy="46" r="32" fill="${a}" ${stroke(b)}/>${shine}<circle cx="60" cy="54" r="6" fill="#fff" opacity=".25"/>`,
  chest: (a, b) =>
    `<path d="M14 44c0-16 16-24 36-24s36 8 36 24z" fill="${a}" ${stroke(b)}/><rect x="14" y="44" width="72" height="40" rx="4" fill="${a}" ${stroke(b)}/><rect x="14" y="44" width="72" height="8" fill="${b}"/><rect x="43" y="48" width="14" height="16" rx="3" fill="${b}"/>`,
  pearl: (a, b) =>
    `<path d="M50 6c8 12 20 14 22 28 8 0 14 10 12 18-4-4-10-4-12-2 0 20-10 34-22 40-12-6-22-20-22-40-2-2-8-2-12 2-2-8 4-18 12-18 2-14 14-16 22-28z" fill="${b}" opacity=".85"/><circle cx="50" cy="54" r="22" fill="${a}" ${stroke('#fff', 2)}/>${shine.replace('38', '44').replace('34', '46')}`,
  paw: (a, b) =>
    `<g fill="${a}" ${stroke(b, 2.5)}><ellipse cx="50" cy="66" rx="22" ry="18"/><ellipse cx="24" cy="42" rx="9" ry="12"/><ellipse cx="40" cy="28" rx="9" ry="12"/><ellipse cx="60" cy="28" rx="9" ry="12"/><ellipse cx="76" cy="42" rx="9" ry="12"/></g>`,
  fish: (a, b) =>
    `<path d="M14 50c14-22 44-26 62-8l14-14v44L76 58C58 76 28 72 14 50z" fill="${a}" ${stroke(b)}/><circle cx="30" cy="46" r="4" fill="${b}"/><path d="M46 36c6 8 6 20 0 28" fill="none" ${stroke(b, 2)}/>`,
  whale: (a, b) =>
    `<path d="M10 60c0-20 20-30 44-30 18 0 28 10 30 22l8-14c4 10 2 20-6 24 0 14-16 22-36 22C24 84 10 76 10 60z" fill="${a}" ${stroke(b)}/><path d="M14 66h52" ${stroke('#fff', 2)} opacity=".5"/><circle cx="28" cy="54" r="3.5" fill="${b}"/><path d="M40 28c-2-8 2-14 6-16M46 28c2-8 8-10 12-10" fill="none" ${stroke('#bfe8ff', 3)}/>`,
  turtle: (a, b) =>
    `<g fill="${b}"><ellipse cx="24" cy="34" rx="8" ry="6"/><ellipse cx="76" cy="34" rx="8" ry="6"/><ellipse cx="24" cy="76" rx="8" ry="6"/><ellipse cx="76" cy="76" rx="8" ry="6"/><circle cx="50" cy="16" r="9"/></g><ellipse cx="50" cy="56" rx="30" ry="32" fill="${a}" ${stroke(b)}/><path d="M50 36l12 8v14l-12 8-12-8V44z" fill="none" ${stroke(b, 2.5)}/>`,
  star: (a, b) =>
    `<path d="M50 8l12 28 30 3-23 20 7 30-26-16-26 16 7-30L8 39l30-3z" fill="${a}" ${stroke(b)}/>${shine}`,
  shell: (a, b) =>
    `<path d="M50 90 12 46C14 22 32 10 50 10s36 12 38 36z" fill="${a}" ${stroke(b)}/><path d="M50 90V12M50 90 30 16M50 90 70 16M50 90 16 32M50 90 84 32" fill="none" ${stroke(b, 2)}/>`,
  lantern: (a, b) =>
    `<rect x="40" y="8" width="20" height="8" rx="2" fill="${b}"/><ellipse cx="50" cy="50" rx="30" ry="34" fill="${a}" ${stroke(b)}/><path d="M50 16v68M32 22c-8 18-8 38 0 56M68 22c8 18 8 38 0 56" fill="none" ${stroke(b, 2)}/><path d="M50 84v10" ${stroke(b, 4)}/>`,
  envelope: (a, b) =>
    `<rect x="20" y="10" width="60" height="80" rx="6" fill="${a}" ${stroke(b)}/><path d="M20 30c10 10 50 10 60 0" fill="none" ${stroke(b, 3)}/><circle cx="50" cy="40" r="10" fill="${b}"/>`,
  eye: (a, b) =>
    `<path d="M8 50C24 26 76 26 92 50 76 74 24 74 8 50z" fill="#fff8e6" ${stroke(b)}/><circle cx="50" cy="50" r="16" fill="${a}"/><circle cx="50" cy="50" r="7" fill="#111"/><path d="M40 70l-6 20M62 64l14 10" fill="none" ${stroke(b, 4)}/>`,
  ankh: (a, b) =>
    `<path d="M50 54c-14-10-18-24-18-30 0-10 8-16 18-16s18 6 18 16c0 6-4 20-18 30zM50 54v38M26 56h48" fill="none" ${stroke(a, 9)} stroke-linecap="round"/><path d="M50 54v38M26 56h48" fill="none" ${stroke(b, 2)}/>`,
  beetle: (a, b) =>
    `<path d="M22 30l-10-8M78 30l10-8M20 52H8M80 52h12M22 72l-10 8M78 72l10 8" ${stroke(b, 4)}/><circle cx="50" cy="20" r="10" fill="${b}"/><ellipse cx="50" cy="56" rx="28" ry="34" fill="${a}" ${stroke(b)}/><path d="M50 24v66" ${stroke(b, 2)}/>`,
  pharaoh: (a, b) =>
    `<path d="M50 8c20 0 30 14 30 28v50H20V36C20 22 30 8 50 8z" fill="${a}" ${stroke(b)}/><path d="M28 40h44M26 54h48M24 68h52" ${stroke(b, 4)}/><ellipse cx="50" cy="50" rx="16" ry="22" fill="#c98b4e"/><rect x="44" y="70" width="12" height="18" fill="${b}"/>`,
  pyramid: (a, b) =>
    `<path d="M50 10 92 86H8z" fill="${a}" ${stroke(b)}/><path d="M50 10 60 86M28 50h44M18 68h64" fill="none" ${stroke(b, 2)}/>`,
  urn: (a, b) =>
    `<path d="M34 12h32v8c0 6 18 14 18 36 0 18-14 30-34 30S16 74 16 56c0-22 18-30 18-36z" fill="${a}" ${stroke(b)}/><path d="M24 50h52" ${stroke(b, 4)}/>`,
  mask: (a, b) =>
    `<path d="M50 8c22 0 34 16 34 36 0 28-16 46-34 46S16 72 16 44C16 24 28 8 50 8z" fill="${a}" ${stroke(b)}/><ellipse cx="36" cy="44" rx="8" ry="6" fill="${b}"/><ellipse cx="64" cy="44" rx="8" ry="6" fill="${b}"/><path d="M36 70c8 6 20 6 28 0" fill="none" ${stroke(b, 4)}/>`,
  feather: (a, b) =>
    `<path d="M80 10C40 14 20 44 22 86 50 80 78 56 80 10z" fill="${a}" ${stroke(b)}/><path d="M22 90 72 22" ${stroke(b, 3)}/>`,
  snake: (a, b) =>
    `<path d="M76 18c-18-8-46 0-44 16 2 18 40 10 40 30 0 16-30 24-50 14" fill="none" ${stroke(a, 14)} stroke-linecap="round"/><circle cx="78" cy="18" r="9" fill="${a}" ${stroke(b, 2)}/><circle cx="81" cy="16" r="2" fill="${b}"/>`,
  temple: (a, b) =>
    `<path d="M20 88h60v-8H20zM26 80h48V66H26zM32 66h36V50H32zM38 50h24V34H38zM44 34h12V16H44z" fill="${a}" ${stroke(b, 2.5)}/><rect x="45" y="68" width="10" height="12" fill="${b}"/>`,
};

/** Low-symbol letters; the letter tiles take these colours. */
const LETTER_COLOURS: Record<string, [string, string]> = {
  A: ['#ff5d5d', '#5a0f16'],
  K: ['#4fb3ff', '#0c2f52'],
  Q: ['#c77dff', '#33104f'],
  J: ['#4be08a', '#0d3d22'],
  '10': ['#ffc94d', '#553800'],
};

export interface FamilyTheme {
  /** Colours of the machine: frame, reel background, accent. */
  frame: string;
  reel: string;
  accent: string;
  /** Shape and two colours for each symbol id that is not a letter (and for the letters of themed families). */
  symbols: Record<string, [shape: string, main: string, edge: string]>;
}

export const FAMILY_THEMES: Record<string, FamilyTheme> = {
  fruits: {
    frame: '#b3261e',
    reel: '#fff6e8',
    accent: '#ffcf3f',
    symbols: {
      S1: ['seven', '#ff3b3b', '#7a0000'],
      S2: ['bell', '#ffc629', '#8a5a00'],
      S3: ['melon', '#ff5a6e', '#222'],
      S4: ['grapes', '#8e44ad', '#3d0d55'],
      A: ['fruit', '#ff9a1f', '#9a4a00'],
      K: ['lemon', '#ffe34d', '#9a8200'],
      Q: ['fruit', '#ffa8a0', '#a2443b'],
      J: ['cherry', '#e0102f', '#6d0012'],
      '10': ['berry', '#ff2d4a', '#7a0010'],
      W: ['star', '#ffd400', '#9a6b00'],
      SC: ['bag', '#c9a35a', '#5a3b0a'],
    },
  },
  gems: {
    frame: '#4b1d8f',
    reel: '#1d1238',
    accent: '#3de0d0',
    symbols: {
      S1: ['crown', '#ffd23f', '#7a5400'],
      S2: ['diamond', '#7fe3ff', '#0f5870'],
      S3: ['ring', '#ffd23f', '#e8364e'],
      S4: ['orb', '#b06bff', '#3d1466'],
      W: ['star', '#fff06b', '#8a6a00'],
      SC: ['chest', '#b9742b', '#ffd23f'],
    },
  },
  dragon: {
    frame: '#9c0f0f',
    reel: '#2a0a0a',
    accent: '#ffc53d',
    symbols: {
      S1: ['pearl', '#ffe9a8', '#ff6a1a'],
      S2: ['paw', '#ff9d2e', '#4a2300'],
      S3: ['fish', '#ff7043', '#7a1b00'],
      S4: ['lantern', '#e8262b', '#ffc53d'],
      W: ['star', '#ff8a1f', '#ffe27a'],
      SC: ['envelope', '#e0121f', '#ffcc33'],
    },
  },
  pharaoh: {
    frame: '#1f3f8f',
    reel: '#f3e3bd',
    accent: '#e5b53a',
    symbols: {
      S1: ['pharaoh', '#2f5fd0', '#e5b53a'],
      S2: ['beetle', '#2aa39a', '#0c3b37'],
      S3: ['eye', '#3a7bd5', '#1c2a55'],
      S4: ['ankh', '#e5b53a', '#6b4c00'],
      W: ['pyramid', '#e5b53a', '#6b4c00'],
      SC: ['urn', '#d9a23a', '#5a3b00'],
    },
  },
  ocean: {
    frame: '#0b5e8a',
    reel: '#062a44',
    accent: '#4ee1ff',
    symbols: {
      S1: ['whale', '#3c8dde', '#0a2c55'],
      S2: ['fish', '#7fd3ff', '#0b4a6b'],
      S3: ['turtle', '#3fbf6e', '#0d4a26'],
      S4: ['star', '#ff7e67', '#6b1d10'],
      W: ['star', '#ffe066', '#806000'],
      SC: ['shell', '#ffb3a1', '#8a3b2b'],
    },
  },
  jungle: {
    frame: '#2d6a1f',
    reel: '#142b10',
    accent: '#f2c14e',
    symbols: {
      S1: ['mask', '#5a4a3a', '#e0c9a6'],
      S2: ['paw', '#f2a93b', '#4a2c00'],
      S3: ['feather', '#e8322f', '#2d7fd1'],
      S4: ['snake', '#58c24a', '#143d10'],
      W: ['mask', '#8a8f8a', '#2a2d2a'],
      SC: ['temple', '#c9a35a', '#4a3510'],
    },
  },
};

/** Any family the page does not know yet still gets a machine. */
export const DEFAULT_THEME: FamilyTheme = FAMILY_THEMES.gems!;

export function themeOf(family: string | null | undefined): FamilyTheme {
  return (family && FAMILY_THEMES[family]) || DEFAULT_THEME;
}

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A word on a banner across the bottom of a tile, squeezed to fit (WILD, BONUS, translated). */
function banner(word: string, fill: string, text: string): string {
  const fit = word.length > 4 ? ' textLength="80" lengthAdjust="spacingAndGlyphs"' : '';
  return `<rect x="6" y="70" width="88" height="24" rx="6" fill="${fill}" stroke="#fff" stroke-width="2"/><text x="50" y="88" font-size="18" font-weight="800" text-anchor="middle" fill="${text}"${fit}>${escapeXml(word)}</text>`;
}

export interface GlyphWords {
  wild: string;
  scatter: string;
}

/** The inner SVG markup (viewBox 0 0 100 100) of one symbol of one family. */
export function symbolSvg(family: string | null | undefined, id: string, words: GlyphWords): string {
  const theme = themeOf(family);
  const themed = theme.symbols[id];
  if (themed) {
    const [shape, a, b] = themed;
    const art = (SHAPES[shape] ?? SHAPES.star!)(a, b);
    if (id === 'W')
      return `<g transform="translate(10 0) scale(.8)">${art}</g>${banner(words.wild, '#d4145a', '#fff')}`;
    if (id === 'SC')
      return `<g transform="translate(12 0) scale(.76)">${art}</g>${banner(words.scatter, '#1f7a3a', '#fff')}`;
    return art;
  }
  const [a, b] = LETTER_COLOURS[id] ?? ['#ddd', '#333'];
  const size = id.length > 1 ? 56 : 72;
  return `<text x="50" y="${id.length > 1 ? 70 : 76}" font-size="${size}" font-weight="900" font-family="Georgia,serif" text-anchor="middle" fill="${a}" stroke="${b}" stroke-width="5" paint-order="stroke">${escapeXml(id)}</text>`;
}

export const SVG_NS = 'http://www.w3.org/2000/svg';
