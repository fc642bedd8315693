/**
 * The operator's activity content is HTML (issue 9): it is sanitised here when it is saved, and
 * again by DOMPurify in the client before it is shown. This is an allowlist rebuild, not a filter:
 * the input is tokenised and only allowed elements and attributes are written out again, every
 * text and attribute value escaped by us. Anything not understood is dropped (an unknown element
 * keeps its text; script-like and foreign elements lose their content too).
 */

const ALLOWED = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'span',
  'div',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
]);
const VOID = new Set(['br', 'hr', 'img']);
/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'select',
  'frameset',
  'frame',
  'head',
  'form',
  'button',
  'canvas',
  'video',
  'audio',
]);
/** Elements whose content is raw text to the browser: it ends only at their own end tag. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'textarea',
  'title',
  'xmp',
]);
const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
  semi: ';',
  equals: '=',
  num: '#',
  percnt: '%',
};

/** Decodes character references as a browser would in an attribute (named ones we know, all numeric). */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});?/g,
    (m, ref: string) => {
      if (ref.startsWith('#')) {
        const code =
          ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
          return '\ufffd';
        return String.fromCodePoint(code);
      }
      const named = NAMED[ref.toLowerCase()];
      return named !== undefined && m.endsWith(';') ? named : m;
    },
  );
}

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text keeps its character references (they decode to text, never markup); a bare & and < > are escaped. */
const escapeText = (v: string) =>
  v
    .replace(/&(?!(?:#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** A link or image address we allow: http(s), mailto, tel, or a path of this site. */
export function safeUrl(raw: string, kind: 'link' | 'image'): string | null {
  const value = decodeEntities(raw).trim();
  // What a browser ignores while it reads a scheme: controls and whitespace anywhere.
  // eslint-disable-next-line no-control-regex
  const probe = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (probe.length === 0 || probe.length > 2000) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(probe)?.[1];
  if (kind === 'image') {
    // Images from this site only (the page's CSP allows 'self' images; no tracking pixels).
    if (scheme || !probe.startsWith('/') || probe.startsWith('//') || probe.startsWith('/\\')) return null;
    return value;
  }
  if (scheme) return ['http', 'https', 'mailto', 'tel'].includes(scheme) ? value : null;
  if (probe.startsWith('\\')) return null;
  return value;
}

interface Attr {
  name: string;
  value: string;
}

/** Reads the attributes of a start tag from `html` at `i`; returns them and the index after `>`. */
function readTag(html: string, i: number): { attrs: Attr[]; end: number; selfClosing: boolean } {
  const attrs: Attr[] = [];
  let selfClosing = false;
  const n = html.length;
  while (i < n) {
    const c = html[i]!;
    if (c === '>') return { attrs, end: i + 1, selfClosing };
    if (/[\s/]/.test(c)) {
      selfClosing = c === '/';
      i++;
      continue;
    }
    selfClosing = false;
    let j = i;
    while (j < n && !/[\s/>=]/.test(html[j]!)) j++;
    // `=` right at the start of a name belongs to the name (HTML's tokenizer does the same).
    if (j === i) j++;
    const name = html.slice(i, j).toLowerCase();
    i = j;
    while (i < n && /\s/.test(html[i]!)) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < n && /\s/.test(html[i]!)) i++;
      const q = html[i];
      if (q === '"' || q === "'") {
        const close = html.indexOf(q, i + 1);
        const stop = close === -1 ? n : close;
        value = html.slice(i + 1, stop);
        i = close === -1 ? n : close + 1;
      } else {
        let k = i;
        while (k < n && !/[\s>]/.test(html[k]!)) k++;
        value = html.slice(i, k);
        i = k;
      }
    }
    if (!attrs.some((a) => a.name === name)) attrs.push({ name, value });
  }
  return { attrs, end: n, selfClosing };
}

/** Where the element `name` opened before `from` ends: after its matching end tag (nesting counted). */
function skipElement(html: string, from: number, name: string): number {
  const lower = html.toLowerCase();
  if (RAW_TEXT.has(name)) {
    const close = lower.indexOf(`</${name}`, from);
    if (close === -1) return html.length;
    const gt = html.indexOf('>', close);
    return gt === -1 ? html.length : gt + 1;
  }
  let depth = 1;
  const re = new RegExp(`<(/?)${name}(?=[\\s/>])`, 'gi');
  re.lastIndex = from;
  for (let m = re.exec(lower); m; m = re.exec(lower)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) {
      const gt = html.indexOf('>', m.index);
      return gt === -1 ? html.length : gt + 1;
    }
  }
  return html.length;
}

function attributesOf(tag: string, attrs: Attr[]): string {
  const allowed = ATTRIBUTES[tag] ?? [];
  const out: string[] = [];
  let external = false;
  for (const { name, value } of attrs) {
    if (!allowed.includes(name)) continue;
    if (name === 'href' || name === 'src') {
      const url = safeUrl(value, name === 'src' ? 'image' : 'link');
      if (url === null) continue;
      external = name === 'href' && /^https?:/i.test(url.replace(/\s/g, ''));
      out.push(`${name}="${escapeAttr(url)}"`);
    } else if (name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan') {
      const v = decodeEntities(value).trim();
      if (/^\d{1,4}$/.test(v)) out.push(`${name}="${v}"`);
    } else {
      out.push(`${name}="${escapeAttr(decodeEntities(value).slice(0, 300))}"`);
    }
  }
  if (tag === 'a' && external) out.push('target="_blank"', 'rel="noopener noreferrer nofollow"');
  if (tag === 'img' && !out.some((a) => a.startsWith('src='))) return '\0';
  return out.length ? ` ${out.join(' ')}` : '';
}

/** The allowed part of `html`, rebuilt and well formed. */
export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out.push(escapeText(html.slice(i)));
      break;
    }
    if (lt > i) out.push(escapeText(html.slice(i, lt)));
    i = lt;
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      i = close === -1 ? n : close + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const gt = html.indexOf('>', i);
      i = gt === -1 ? n : gt + 1;
      continue;
    }
    const end = /^<\/([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(i, i + 64));
    if (end) {
      const gt = html.indexOf('>', i);
      i = gt === -1 ? n : gt + 1;
      const name = end[1]!.toLowerCase();
      const at = open.lastIndexOf(name);
      if (at !== -1) while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    const start = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(i, i + 64));
    if (!start) {
      out.push('&lt;');
      i++;
      continue;
    }
    const name = start[1]!.toLowerCase();
    const tag = readTag(html, i + 1 + start[1]!.length);
    i = tag.end;
    if (DROP_WITH_CONTENT.has(name)) {
      if (!tag.selfClosing || RAW_TEXT.has(name)) i = skipElement(html, i, name);
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    const attrs = attributesOf(name, tag.attrs);
    if (attrs === '\0') continue;
    out.push(`<${name}${attrs}>`);
    if (!VOID.has(name)) open.push(name);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
