import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeImageUrl, safeLinkUrl, sanitiseHtml, summaryOf } from './announcements.sanitise.ts';

/** The stored-XSS corpus (wapiti's payloads and ours), shared with the web and e2e tests. */
const corpus = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../../e2e/fixtures/xss-payloads.json'), 'utf8'),
) as { wapiti: string[]; ours: string[] };
const payloads = [...corpus.wapiti, ...corpus.ours];

/** Every tag of the output with its attributes, read back with a permissive scanner. */
function tagsOf(html: string): { name: string; attrs: Record<string, string> }[] {
  const out: { name: string; attrs: Record<string, string> }[] = [];
  for (const m of html.matchAll(/<([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(/([a-z-]+)="([^"]*)"/g)) attrs[a[1]!] = a[2]!;
    out.push({ name: m[1]!, attrs });
  }
  return out;
}

const ALLOWED_TAGS = new Set(
  'p br hr b strong i em u s small sub sup mark span div h3 h4 h5 h6 ul ol li blockquote pre code a img table caption thead tbody tfoot tr th td'.split(
    ' ',
  ),
);
const ALLOWED_ATTRS = new Set(
  'href src alt width height start colspan rowspan scope lang dir title target rel'.split(' '),
);

describe('sanitiseHtml on the stored-XSS corpus', () => {
  it(`leaves nothing executable in any of the ${payloads.length} payloads`, () => {
    expect(payloads.length).toBeGreaterThan(100);
    for (const p of payloads) {
      const { html } = sanitiseHtml(p);
      // Every '<' of the output opens an allowed tag or closes one: text '<' is always escaped.
      for (const lt of html.matchAll(/<\/?([^\s>/]*)/g))
        expect(ALLOWED_TAGS.has(lt[1]!), `${JSON.stringify(p)} → ${html}`).toBe(true);
      for (const tag of tagsOf(html)) {
        for (const [name, value] of Object.entries(tag.attrs)) {
          expect(ALLOWED_ATTRS.has(name), `${name} in ${html}`).toBe(true);
          if (name === 'href') expect(value, html).toMatch(/^(https?:|mailto:|tel:|\/(?!\/)|[^:]*$)/i);
          if (name === 'src') expect(value, html).toMatch(/^\/(?!\/)/);
        }
      }
      // Text and a title may say "javascript:" or "onclick=" (escaped, inert); no tag or name may.
      const markup = [...html.matchAll(/<[^>]*>/g)].join('').replace(/="[^"]*"/g, '=""');
      expect(markup).not.toMatch(/srcdoc|on[a-z]+=|<script|<svg|<iframe|<style|<object|<embed/i);
    }
  });

  it('is stable: sanitising its own output changes nothing', () => {
    for (const p of payloads) {
      const once = sanitiseHtml(p).html;
      expect(sanitiseHtml(once).html, JSON.stringify(p)).toBe(once);
    }
  });

  it('tells the operator what it took out', () => {
    expect(sanitiseHtml('<p onclick="x()">Hi</p><script>alert(1)</script>').removed).toEqual(
      expect.arrayContaining(['onclick', '<script>']),
    );
    expect(sanitiseHtml('<a href="javascript:alert(1)">x</a>').removed).toContain('javascript: URL');
    expect(sanitiseHtml('<iframe srcdoc="<script>x</script>"></iframe>').removed).toContain('<iframe>');
  });
});

describe('sanitiseHtml keeps ordinary announcement HTML', () => {
  it('keeps paragraphs, emphasis, lists, tables, links and same-site images', () => {
    const html =
      '<h3>Weekend</h3><p>Deposit <strong>today</strong>, <em>win</em> more.<br>See <a href="/promotions">promotions</a> or <a href="https://example.com/x?a=1&amp;b=2">partner</a>.</p>' +
      '<ol start="2"><li>one</li><li>two</li></ol><table><tr><th scope="col">A</th></tr><tr><td colspan="2">1</td></tr></table>' +
      '<img src="/img/banners/gold.svg" alt="Gold" width="640" height="240">';
    const r = sanitiseHtml(html);
    expect(r.removed).toEqual([]);
    expect(r.html).toBe(
      '<h3>Weekend</h3><p>Deposit <strong>today</strong>, <em>win</em> more.<br>See <a href="/promotions">promotions</a> or <a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">partner</a>.</p>' +
        '<ol start="2"><li>one</li><li>two</li></ol><table><tr><th scope="col">A</th></tr><tr><td colspan="2">1</td></tr></table>' +
        '<img src="/img/banners/gold.svg" alt="Gold" width="640" height="240">',
    );
    expect(r.imageUrl).toBe('/img/banners/gold.svg');
    expect(r.text).toBe('Weekend Deposit today, win more. See promotions or partner. one two A 1');
  });

  it('escapes text, decodes entities once, closes what was left open, drops comments', () => {
    expect(sanitiseHtml('1 < 2 &amp; 3 > 2 &lt;b&gt; <!-- note --><b>bold').html).toBe(
      '1 &lt; 2 &amp; 3 &gt; 2 &lt;b&gt; <b>bold</b>',
    );
    expect(sanitiseHtml('<p><b>a</p>b').html).toBe('<p><b>a</b></p>b');
    expect(sanitiseHtml('<unknown>kept text</unknown>').html).toBe('kept text');
    expect(sanitiseHtml('<p title="say &quot;hi&quot;">x</p>').html).toBe(
      '<p title="say &quot;hi&quot;">x</p>',
    );
  });

  it('a link needs a safe address (else only its text stays); images only from this site', () => {
    expect(sanitiseHtml('<a href="javascript:alert(1)">text</a>').html).toBe('text');
    expect(sanitiseHtml('<a>text</a>').html).toBe('text');
    expect(sanitiseHtml('<img src="https://elsewhere.example/a.png">').html).toBe('');
    expect(sanitiseHtml('<a href="mailto:help@example.com">mail</a>').html).toBe(
      '<a href="mailto:help@example.com">mail</a>',
    );
  });
});

describe('URL checks', () => {
  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'java&Tab;script&colon;alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6a&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3a;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    '//evil.example/',
    '/\\evil.example/',
    '\u0001javascript:alert(1)',
  ])('refuses %j as a link', (url) => {
    expect(safeLinkUrl(url)).toBeNull();
  });
  it('accepts http(s), mailto, tel and paths', () => {
    for (const url of [
      'https://a.example/b',
      'http://a.example',
      'mailto:a@b.c',
      'tel:+95123',
      '/index',
      '#top',
      'page?x=1',
    ])
      expect(safeLinkUrl(url)).toBe(url);
  });
  it('images: same-site paths only', () => {
    expect(safeImageUrl('/img/banners/gold.svg')).toBe('/img/banners/gold.svg');
    for (const url of ['https://a.example/x.png', '//a.example/x.png', 'data:image/png;base64,AA', 'x.png'])
      expect(safeImageUrl(url)).toBeNull();
  });
});

describe('summaryOf', () => {
  it('keeps short text, cuts long text at a word', () => {
    expect(summaryOf('short')).toBe('short');
    const long = 'word '.repeat(100).trim();
    const s = summaryOf(long, 50);
    expect(s.length).toBeLessThanOrEqual(50);
    expect(s.endsWith('word…')).toBe(true);
  });
});
