/**
 * An allow-list HTML sanitiser for blog bodies, run when a post is saved (the client runs
 * DOMPurify again before showing it). Everything not on the list goes: script-like elements with
 * their content, comments, every attribute but a few, any URL that is not http(s), mailto or a
 * same-site path. Text is re-escaped, so the output is well-formed and holds only listed tags.
 */

const ALLOWED = new Set([
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'a',
  'blockquote',
  'code',
  'pre',
  'hr',
  'img',
  'figure',
  'figcaption',
]);
const VOID = new Set(['br', 'hr', 'img']);
/** Dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'head',
  'frameset',
  'frame',
  'noembed',
  'xmp',
  'plaintext',
]);
const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
};
const URL_ATTRIBUTES = new Set(['href', 'src']);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes character references the way a browser reads an attribute (enough to see a scheme). */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const escapeText = (s: string) =>
  s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
const escapeAttr = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A URL the blog may link or load: http(s), mailto (links only) or a same-site path. */
export function safeUrl(raw: string, attr: string): string | null {
  // Browsers ignore tabs, newlines and leading control characters and spaces in a URL.
  // eslint-disable-next-line no-control-regex
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f]+/g, '');
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? null : url;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'https' || scheme === 'http') return url;
  if (scheme === 'mailto' && attr === 'href') return url;
  return null;
}

interface Tag {
  name: string;
  closing: boolean;
  attrs: [string, string][];
  /** Index just past the tag's `>`. */
  end: number;
}

/** Reads a tag starting at `<` (index `i`); null when it is not one (the `<` is then text). */
function readTag(html: string, i: number): Tag | null {
  const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(i, i + 64));
  if (!m) return null;
  const closing = m[1] === '/';
  const name = (m[2] ?? '').toLowerCase();
  let j = i + m[0].length;
  const attrs: [string, string][] = [];
  while (j < html.length) {
    while (j < html.length && /[\s/]/.test(html[j] ?? '')) j++;
    if (html[j] === '>') return { name, closing, attrs, end: j + 1 };
    const an = /^[^\s/>="'<]+/.exec(html.slice(j, j + 256));
    if (!an) {
      j++;
      continue;
    }
    const attrName = an[0].toLowerCase();
    j += an[0].length;
    while (/\s/.test(html[j] ?? '')) j++;
    let value = '';
    if (html[j] === '=') {
      j++;
      while (/\s/.test(html[j] ?? '')) j++;
      const q = html[j];
      if (q === '"' || q === "'") {
        const close = html.indexOf(q, j + 1);
        if (close < 0) return null;
        value = html.slice(j + 1, close);
        j = close + 1;
      } else {
        const v = /^[^\s>]*/.exec(html.slice(j))?.[0] ?? '';
        value = v;
        j += v.length;
      }
    }
    attrs.push([attrName, value]);
  }
  return null;
}

export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += escapeText(decodeEntities(html.slice(i)));
      break;
    }
    out += escapeText(decodeEntities(html.slice(i, lt)));
    i = lt;
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const end = html.indexOf('>', i);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, i);
    if (!tag) {
      out += '&lt;';
      i++;
      continue;
    }
    i = tag.end;
    if (DROP_WITH_CONTENT.has(tag.name)) {
      if (!tag.closing) {
        const close = new RegExp(`</${tag.name}\\s*>`, 'i').exec(html.slice(i));
        i = close ? i + close.index + close[0].length : html.length;
      }
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop() ?? ''}>`;
      continue;
    }
    const allowed = ATTRIBUTES[tag.name] ?? [];
    let attrs = '';
    for (const [name, raw] of tag.attrs) {
      if (!allowed.includes(name)) continue;
      let value: string | null = decodeEntities(raw);
      if (URL_ATTRIBUTES.has(name)) value = safeUrl(raw, name);
      else if (name === 'width' || name === 'height') value = /^\d{1,4}$/.test(value) ? value : null;
      if (value === null) continue;
      attrs += ` ${name}="${escapeAttr(value)}"`;
    }
    if (tag.name === 'a' && attrs.includes(' href="http')) attrs += ' rel="noopener noreferrer"';
    if (tag.name === 'img' && !attrs.includes(' src=')) continue;
    out += `<${tag.name}${attrs}>`;
    if (!VOID.has(tag.name)) open.push(tag.name);
  }
  while (open.length > 0) out += `</${open.pop() ?? ''}>`;
  return out;
}

/** The text of sanitised HTML (search, summaries). */
export function htmlText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
