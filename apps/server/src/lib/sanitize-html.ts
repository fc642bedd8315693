/**
 * The server's one allow-list sanitiser of operator HTML (issue 9: announcements, promotion
 * content, blog posts; help-centre articles when seeded). It runs when content is saved; the client
 * runs DOMPurify again before showing it.
 *
 * It does not repair or filter the input in place: it reads it into tokens and writes a new document
 * made only of allowed elements with allowed attributes (values escaped, URLs checked) and of text
 * (escaped). Whatever it does not understand as an allowed tag becomes text or is dropped, so a
 * parsing difference from a browser cannot smuggle markup through: the browser parses our output,
 * and our output holds nothing but the allowed vocabulary (no raw-text element, no foreign content).
 *
 * Removed: scripts and other raw-text elements with their content, SVG/MathML, frames, objects,
 * embeds, media and templates with their content; forms, inputs and unknown elements (their text
 * stays); comments, doctypes, CDATA; every attribute not listed (event handlers, style …); any
 * link that is not http(s), mailto, tel or a path of this site; any image not from this site (the
 * CSP allows images from 'self' only). Entities and the whitespace and control characters a
 * browser ignores in a URL are decoded first, so `jav&#x61;script:` or `java\tscript:` is seen.
 */

export interface SanitizedHtml {
  /** The safe HTML. */
  html: string;
  /** The text, whitespace collapsed (search, summaries, "is anything left?"). */
  text: string;
  /** The first image's source (a same-site path), or null. */
  imageUrl: string | null;
  /** What was taken out, for the operator (e.g. `<script>`, `onerror`, `javascript: URL`). */
  removed: string[];
}

/** Allowed elements and their own attributes (plus GLOBAL_ATTRS). */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  small: [],
  sub: [],
  sup: [],
  mark: [],
  span: [],
  div: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  pre: [],
  code: [],
  figure: [],
  figcaption: [],
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};
const GLOBAL_ATTRS = ['lang', 'dir', 'title'];
const VOID = new Set([
  'br',
  'hr',
  'img',
  'wbr',
  'input',
  'meta',
  'link',
  'base',
  'embed',
  'source',
  'track',
  'area',
  'col',
  'param',
  'keygen',
]);
/** Elements whose content the browser reads as raw text up to their end tag; dropped whole. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
]);
/** Elements dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'svg',
  'math',
  'template',
  'object',
  'applet',
  'select',
  'frameset',
  'head',
  'audio',
  'video',
  'canvas',
  'map',
  'datalist',
]);
/** Foreign elements: `<svg/>` really is empty there, so a self-closing one holds nothing to skip. */
const FOREIGN = new Set(['svg', 'math']);
/** Block-level elements: a space in the text around them. */
const BLOCK = new Set([
  'p',
  'br',
  'hr',
  'div',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'table',
  'tr',
  'td',
  'th',
  'caption',
]);
const MAX_DEPTH = 64;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  middot: '·',
  bull: '•',
  times: '×',
  divide: '÷',
  deg: '°',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  emsp: '\u2003',
  ensp: '\u2002',
  thinsp: '\u2009',
  // Those used to hide a scheme (java&Tab;script&colon;): decoded, so the URL check sees them.
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
  excl: '!',
  num: '#',
  percnt: '%',
  plus: '+',
  equals: '=',
  lowbar: '_',
  grave: '`',
  semi: ';',
};

const ENTITY = /&(?:#[xX]([0-9a-fA-F]{1,8});?|#([0-9]{1,9});?|([A-Za-z][A-Za-z0-9]{1,31});)/g;

function codePoint(n: number): string {
  if (!Number.isFinite(n) || n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(n);
}

/** One character reference decoded; null: a named one this module does not know. */
function decodeRef(
  hex: string | undefined,
  dec: string | undefined,
  name: string | undefined,
): string | null {
  if (hex !== undefined) return codePoint(parseInt(hex, 16));
  if (dec !== undefined) return codePoint(parseInt(dec, 10));
  return NAMED_ENTITIES[(name ?? '').toLowerCase()] ?? null;
}

/** Character references as a browser reads them (the common named ones; others stay as written). */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(
    ENTITY,
    (all, hex: string | undefined, dec: string | undefined, name: string | undefined) =>
      decodeRef(hex, dec, name) ?? all,
  );
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

/**
 * Text, escaped; its character references decoded (and escaped again). A named reference this
 * module does not know (`&hearts;`) is kept as written: it can only ever be text to a browser.
 */
function renderText(raw: string): { html: string; text: string } {
  if (!raw.includes('&')) return { html: escapeHtml(raw), text: raw };
  let html = '';
  let text = '';
  let last = 0;
  for (const m of raw.matchAll(ENTITY)) {
    const before = raw.slice(last, m.index);
    html += escapeHtml(before);
    text += before;
    const decoded = decodeRef(m[1], m[2], m[3]);
    html += decoded === null ? m[0] : escapeHtml(decoded);
    text += decoded ?? m[0];
    last = m.index + m[0].length;
  }
  const rest = raw.slice(last);
  return { html: html + escapeHtml(rest), text: text + rest };
}

/** What a browser ignores in a URL: tabs, newlines, controls and (leading) spaces of any kind. */
const URL_IGNORED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g;
function urlOf(raw: string): string {
  return decodeEntities(raw).replace(URL_IGNORED, '');
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
/** A link: http(s), mailto or tel, or a path of this site (never `//host`, never a backslash). */
export function safeLinkUrl(raw: string): string | null {
  const url = urlOf(raw);
  if (url === '' || url.length > 2000 || url.includes('\\')) return null;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined) return LINK_SCHEMES.includes(scheme) ? url : null;
  if (url.startsWith('//')) return null;
  // A relative reference; a colon before the first / ? # would make it a scheme (caught above).
  return url;
}
/** An image: a path of this site only (the site's CSP allows images from itself; no tracking pixels). */
export function safeImageUrl(raw: string): string | null {
  const url = urlOf(raw);
  if (url.length > 2000 || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null;
  return SCHEME.test(url) ? null : url;
}

const WS = /[\t\n\f\r ]/;
const isWs = (c: string | undefined) => c !== undefined && WS.test(c);
const isLetter = (c: string | undefined) => c !== undefined && /[A-Za-z]/.test(c);

interface Tag {
  name: string;
  attrs: [string, string][];
  /** Written `<x … />`. */
  selfClosing: boolean;
  end: number;
}

/** Reads a tag's name and attributes from `i` (just after `<` or `</`); null when unterminated. */
function readTag(s: string, i: number): Tag | null {
  const n = s.length;
  let j = i;
  while (j < n && !isWs(s[j]) && s[j] !== '/' && s[j] !== '>') j++;
  const name = s.slice(i, j).toLowerCase();
  const attrs: [string, string][] = [];
  for (;;) {
    while (j < n && (isWs(s[j]) || s[j] === '/')) j++;
    if (j >= n) return null;
    if (s[j] === '>') return { name, attrs, selfClosing: s[j - 1] === '/', end: j + 1 };
    const start = j;
    j++; // an attribute name may start with '='
    while (j < n && !isWs(s[j]) && s[j] !== '/' && s[j] !== '>' && s[j] !== '=') j++;
    const attr = s.slice(start, j).toLowerCase();
    while (j < n && isWs(s[j])) j++;
    let value = '';
    if (s[j] === '=') {
      j++;
      while (j < n && isWs(s[j])) j++;
      const q = s[j];
      if (q === '"' || q === "'") {
        const close = s.indexOf(q, j + 1);
        if (close === -1) return null;
        value = s.slice(j + 1, close);
        j = close + 1;
      } else {
        const vStart = j;
        while (j < n && !isWs(s[j]) && s[j] !== '>') j++;
        value = s.slice(vStart, j);
      }
    }
    attrs.push([attr, value]);
  }
}

/** Index after the end tag `</name…>` of a raw-text element, or the end of the input. */
function afterRawText(s: string, from: number, name: string): number {
  const lower = s.toLowerCase();
  let k = from;
  for (;;) {
    const at = lower.indexOf(`</${name}`, k);
    if (at === -1) return s.length;
    const next = s[at + 2 + name.length];
    if (next === undefined) return s.length;
    if (isWs(next) || next === '/' || next === '>') {
      const tag = readTag(s, at + 2);
      return tag ? tag.end : s.length;
    }
    k = at + 2;
  }
}

const DIGITS = /^\d{1,4}$/;

/**
 * Allowed attributes of an allowed element, checked and written out, and its checked address (a
 * link's or an image's); null: drop the element (a link or an image without a safe address).
 */
function attributesOf(
  tag: string,
  attrs: [string, string][],
  removed: Set<string>,
): { attrs: string; url: string | null } | null {
  const allowed = ALLOWED[tag] ?? [];
  const seen = new Set<string>();
  const out: string[] = [];
  let url: string | null = null;
  for (const [name, raw] of attrs) {
    if (seen.has(name)) continue; // the first of a repeated attribute counts, as in a browser
    seen.add(name);
    if (!allowed.includes(name) && !GLOBAL_ATTRS.includes(name)) {
      removed.add(name.startsWith('on') ? name : `${name} attribute`);
      continue;
    }
    const value = decodeEntities(raw);
    if (name === 'href') {
      url = safeLinkUrl(raw);
      if (url === null) removed.add(`${SCHEME.exec(urlOf(raw))?.[1]?.toLowerCase() ?? 'unsafe'}: URL`);
      continue;
    }
    if (name === 'src') {
      url = safeImageUrl(raw);
      if (url === null) removed.add('image source not on this site');
      continue;
    }
    let ok = true;
    if (name === 'width' || name === 'height' || name === 'start' || name === 'colspan' || name === 'rowspan')
      ok = DIGITS.test(value.trim());
    else if (name === 'scope')
      ok = ['row', 'col', 'rowgroup', 'colgroup'].includes(value.trim().toLowerCase());
    else if (name === 'dir') ok = ['ltr', 'rtl', 'auto'].includes(value.trim().toLowerCase());
    else if (name === 'lang') ok = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/.test(value.trim());
    if (!ok) {
      removed.add(`${name} attribute`);
      continue;
    }
    const kept = name === 'title' || name === 'alt' ? value.slice(0, 300) : value.trim();
    out.push(` ${name}="${escapeHtml(kept)}"`);
  }
  if (tag === 'a') {
    if (url === null) return null;
    out.unshift(` href="${escapeHtml(url)}"`);
    // Links to other sites open apart from the site and cannot reach back into it.
    if (/^https?:/i.test(url)) out.push(' target="_blank" rel="noopener noreferrer nofollow"');
  }
  if (tag === 'img') {
    if (url === null) return null;
    out.unshift(` src="${escapeHtml(url)}"`);
    if (!seen.has('alt')) out.push(' alt=""');
  }
  return { attrs: out.join(''), url };
}

/** Sanitises operator HTML (see the module comment). */
export function sanitizeHtml(input: string): SanitizedHtml {
  const s = input.replace(/\r\n?/g, '\n').replace(/\0/g, '');
  const n = s.length;
  const out: string[] = [];
  const text: string[] = [];
  const stack: string[] = [];
  const removed = new Set<string>();
  let imageUrl: string | null = null;
  /** Inside an element dropped with its content: its name and how deep. */
  let skip: { name: string; depth: number } | null = null;

  const emitText = (raw: string) => {
    if (skip || raw === '') return;
    const t = renderText(raw);
    out.push(t.html);
    text.push(t.text);
  };

  let i = 0;
  while (i < n) {
    const lt = s.indexOf('<', i);
    if (lt === -1) {
      emitText(s.slice(i));
      break;
    }
    emitText(s.slice(i, lt));
    i = lt;
    const c1 = s[i + 1];
    if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i + 4);
      i = end === -1 ? n : end + 3;
      if (!skip) removed.add('comment');
      continue;
    }
    if (c1 === '!' || c1 === '?') {
      // Doctype, CDATA, processing instruction, bogus comment: dropped up to the next '>'.
      const end = s.indexOf('>', i + 2);
      i = end === -1 ? n : end + 1;
      if (!skip) removed.add(`<${c1}…>`);
      continue;
    }
    if (c1 === '/') {
      if (s[i + 2] === '>') {
        i += 3;
        continue;
      }
      if (!isLetter(s[i + 2])) {
        const end = s.indexOf('>', i + 2);
        i = end === -1 ? n : end + 1;
        continue;
      }
      const tag = readTag(s, i + 2);
      if (!tag) break; // an unterminated tag at the end: a browser drops it too
      i = tag.end;
      if (skip) {
        if (tag.name === skip.name && --skip.depth === 0) skip = null;
        continue;
      }
      const at = stack.lastIndexOf(tag.name);
      if (at !== -1) {
        while (stack.length > at) out.push(`</${stack.pop()!}>`);
        if (BLOCK.has(tag.name)) text.push(' ');
      }
      continue;
    }
    if (!isLetter(c1)) {
      emitText('&lt;');
      i += 1;
      continue;
    }
    const tag = readTag(s, i + 1);
    if (!tag) break;
    i = tag.end;
    const name = tag.name;
    if (name === 'plaintext') {
      removed.add('<plaintext>');
      break;
    }
    if (RAW_TEXT.has(name)) {
      removed.add(`<${name}>`);
      i = afterRawText(s, i, name);
      continue;
    }
    if (skip) {
      if (name === skip.name && !(FOREIGN.has(name) && tag.selfClosing)) skip.depth++;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      removed.add(`<${name}>`);
      if (!(FOREIGN.has(name) && tag.selfClosing)) skip = { name, depth: 1 };
      continue;
    }
    if (!Object.hasOwn(ALLOWED, name)) {
      // Unknown or unwanted elements (forms, inputs, frames, embeds …) go; their text stays.
      removed.add(`<${name}>`);
      for (const [attr] of tag.attrs) if (attr.startsWith('on')) removed.add(attr);
      if (BLOCK.has(name) || name === 'input') text.push(' ');
      continue;
    }
    if (!VOID.has(name) && stack.length >= MAX_DEPTH) continue;
    const checked = attributesOf(name, tag.attrs, removed);
    if (checked === null) continue; // a link or image without a safe address
    if (BLOCK.has(name)) text.push(' ');
    out.push(`<${name}${checked.attrs}>`);
    if (name === 'img') imageUrl ??= checked.url;
    if (!VOID.has(name)) stack.push(name);
  }
  while (stack.length > 0) out.push(`</${stack.pop()!}>`);

  return {
    html: out.join(''),
    text: text.join('').replace(/\s+/g, ' ').trim(),
    imageUrl,
    removed: [...removed],
  };
}

/** A plain-text summary of at most `max` characters, cut at a word where one is near. */
export function summaryOf(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
