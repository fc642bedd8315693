import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP_CENTER } from '../seed/help-content.ts';
import { decodeEntities, safeImageUrl, safeLinkUrl, sanitizeHtml, summaryOf } from './sanitize-html.ts';

const clean = (html: string) => sanitizeHtml(html).html;

/** The stored-XSS corpus (wapiti's payloads and ours), shared with the web and e2e tests. */
const corpus = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../e2e/fixtures/xss-payloads.json'), 'utf8'),
) as { wapiti: string[]; ours: string[] };

/** More stored-XSS payloads an operator's content might carry (pasted, or from a stolen ops session). */
const MORE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/ok.png" onerror="alert(1)">',
  '<IMG SRC="jav&#x09;ascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x61;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="\u2028javascript:alert(1)">x</a>',
  '<a href=" javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="java&NewLine;script:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)><p>after</p>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)">',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p onclick="alert(1)">x</p>',
  '<p/onmouseover=alert(1)>x</p>',
  '<a href="/x" onmouseover=alert(1)>x</a>',
  '<details open ontoggle=alert(1)>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<style>@import "javascript:alert(1)"</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:/">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<a href="x" <img src=x onerror=alert(1)>>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src="x" alt="&quot; onerror=&quot;alert(1)">',
  '<textarea></textarea><script>alert(1)</script>',
  '<title><img src=x onerror=alert(1)></title>',
];
const payloads = [...corpus.wapiti, ...corpus.ours, ...MORE];

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
  'p br hr b strong i em u s small sub sup mark span div h2 h3 h4 h5 h6 ul ol li blockquote pre code figure figcaption a img table caption thead tbody tfoot tr th td'.split(
    ' ',
  ),
);
const ALLOWED_ATTRS = new Set(
  'href src alt width height start colspan rowspan scope lang dir title target rel'.split(' '),
);

describe('sanitizeHtml on the stored-XSS corpus', () => {
  it(`leaves nothing executable in any of the ${payloads.length} payloads`, () => {
    expect(corpus.wapiti.length + corpus.ours.length).toBeGreaterThan(100);
    for (const p of payloads) {
      const { html } = sanitizeHtml(p);
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
      expect(markup, JSON.stringify(p)).not.toMatch(
        /srcdoc|style=|on[a-z]+=|<\s*(script|svg|math|iframe|frame|frameset|object|embed|style|meta|base|link|form|input|button|body|template|noscript|textarea|title|video|source|details)\b/i,
      );
      expect(html, JSON.stringify(p)).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
    }
  });

  it('is stable: sanitising its own output changes nothing', () => {
    for (const p of payloads) {
      const once = clean(p);
      expect(clean(once), JSON.stringify(p)).toBe(once);
    }
  });

  it('tells the operator what it took out', () => {
    expect(sanitizeHtml('<p onclick="x()">Hi</p><script>alert(1)</script>').removed).toEqual(
      expect.arrayContaining(['onclick', '<script>']),
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>').removed).toContain('javascript: URL');
    expect(sanitizeHtml('<a href="jav&#x61;script:alert(1)">x</a>').removed).toContain('javascript: URL');
    expect(sanitizeHtml('<iframe srcdoc="<script>x</script>"></iframe>').removed).toContain('<iframe>');
    expect(sanitizeHtml('<p style="color:red">x</p>').removed).toEqual(['style attribute']);
    expect(sanitizeHtml('a<!-- note -->b').removed).toEqual(['comment']);
    expect(sanitizeHtml('<img src="https://tracker.example/p.gif">').removed).toEqual([
      'image source not on this site',
    ]);
  });
});

describe('sanitizeHtml keeps ordinary operator HTML', () => {
  it('keeps paragraphs, headings, emphasis, lists, tables, figures, links and same-site images', () => {
    const html =
      '<h3>Weekend</h3><p>Deposit <strong>today</strong>, <em>win</em> more.<br>See <a href="/promotions">promotions</a> or <a href="https://example.com/x?a=1&amp;b=2">partner</a>.</p>' +
      '<ol start="2"><li>one</li><li>two</li></ol><table><tr><th scope="col">A</th></tr><tr><td colspan="2">1</td></tr></table>' +
      '<img src="/img/banners/gold.svg" alt="Gold" width="640" height="240">';
    const r = sanitizeHtml(html);
    expect(r.removed).toEqual([]);
    expect(r.html).toBe(
      '<h3>Weekend</h3><p>Deposit <strong>today</strong>, <em>win</em> more.<br>See <a href="/promotions">promotions</a> or <a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">partner</a>.</p>' +
        '<ol start="2"><li>one</li><li>two</li></ol><table><tr><th scope="col">A</th></tr><tr><td colspan="2">1</td></tr></table>' +
        '<img src="/img/banners/gold.svg" alt="Gold" width="640" height="240">',
    );
    expect(r.imageUrl).toBe('/img/banners/gold.svg');
    expect(r.text).toBe('Weekend Deposit today, win more. See promotions or partner. one two A 1');
  });

  it('blog bodies: h2, quotes, code, figures, titled links (unchanged)', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em>.</p><ul><li>a</li></ul><a href="/help" title="Help">help</a>' +
      '<blockquote>q</blockquote><pre><code>x = 1</code></pre><hr><figure><img src="/img/x.png" alt="x" width="10" height="20"><figcaption>c</figcaption></figure>';
    expect(clean(html)).toBe(html);
  });

  it('promotion content: formatting and links', () => {
    expect(
      clean(
        '<h3>Rules</h3><p>Deposit <b>10,000</b> &amp; bet <em>30,000</em>.</p><ul><li>One</li><li>Two</li></ul>' +
          '<p><a href="/down">Download</a> or <a href="https://example.com/terms">terms</a></p><img src="/img/x.svg" alt="x">',
      ),
    ).toBe(
      '<h3>Rules</h3><p>Deposit <b>10,000</b> &amp; bet <em>30,000</em>.</p><ul><li>One</li><li>Two</li></ul>' +
        '<p><a href="/down">Download</a> or <a href="https://example.com/terms" target="_blank" rel="noopener noreferrer nofollow">terms</a></p><img src="/img/x.svg" alt="x">',
    );
  });

  it('the help centre’s seeded articles pass through unchanged', () => {
    for (const category of HELP_CENTER)
      for (const article of category.articles)
        for (const content of Object.values(article.content)) expect(clean(content)).toBe(content);
  });

  it('escapes text, decodes entities once, closes what was left open, drops comments', () => {
    expect(clean('1 < 2 &amp; 3 > 2 &lt;b&gt; <!-- note --><b>bold')).toBe(
      '1 &lt; 2 &amp; 3 &gt; 2 &lt;b&gt; <b>bold</b>',
    );
    expect(clean('1 < 2 > 0 & <p>ok')).toBe('1 &lt; 2 &gt; 0 &amp; <p>ok</p>');
    expect(clean('<p><b>a</p>b')).toBe('<p><b>a</b></p>b');
    expect(clean('<div><p>unclosed')).toBe('<div><p>unclosed</p></div>');
    expect(clean('</p>stray<b>bold')).toBe('stray<b>bold</b>');
    expect(clean('</p>text</b>')).toBe('text');
    expect(clean('<p>a<!-- <script>alert(1)</script> -->b</p>')).toBe('<p>ab</p>');
    expect(clean('<p title="say &quot;hi&quot;">x</p>')).toBe('<p title="say &quot;hi&quot;">x</p>');
    expect(clean('<p title="x>y">t</p>')).toBe('<p title="x&gt;y">t</p>');
    expect(clean('<a href="/x" title=\'"><script>\'>t</a>')).toBe(
      '<a href="/x" title="&quot;&gt;&lt;script&gt;">t</a>',
    );
    // A named reference it does not know stays as written (only ever text to a browser).
    expect(clean('I &hearts; &copy;')).toBe('I &hearts; ©');
  });

  it('drops unknown elements but keeps their text; script-like and foreign ones with their content', () => {
    expect(clean('<unknown>kept text</unknown>')).toBe('kept text');
    expect(clean('<marquee>Big <b>win</marquee>')).toBe('Big <b>win</b>');
    expect(clean('<script>alert(1)</script>ok')).toBe('ok');
    expect(clean('<SCRIPT SRC=//x.js></SCRIPT>ok')).toBe('ok');
    expect(clean('<style>p{}</style><p>ok</p>')).toBe('<p>ok</p>');
    expect(clean('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(clean('<svg/><p>after</p>')).toBe('<p>after</p>');
    expect(clean('<iframe src="https://x"></iframe>ok')).toBe('ok');
    expect(clean('<form><input name=x>Name</form>')).toBe('Name');
    expect(clean('<td colspan="2x" rowspan=3>x')).toBe('<td rowspan="3">x</td>');
    expect(clean('<a href="/ok" onclick="x()" style="color:red">x</a>')).toBe('<a href="/ok">x</a>');
  });

  it('a link needs a safe address (else only its text stays); images only from this site', () => {
    for (const href of [
      'javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '//evil.example/',
    ])
      expect(clean(`<a href="${href}">text</a>`), href).toBe('text');
    expect(clean('<a>text</a>')).toBe('text');
    expect(clean('<img src=x onerror=alert(1)>')).toBe('');
    expect(clean('<img src="javascript:alert(1)">')).toBe('');
    expect(clean('<img src="mailto:a@b.c">')).toBe('');
    expect(clean('<img src="https://elsewhere.example/a.png">')).toBe('');
    expect(clean('<img src="/a.png">')).toBe('<img src="/a.png" alt="">');
    expect(clean('<a href="mailto:help@example.com">mail</a>')).toBe(
      '<a href="mailto:help@example.com">mail</a>',
    );
  });
});

describe('URL checks', () => {
  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'jav\u0000ascript:alert(1)',
    'java&Tab;script&colon;alert(1)',
    'jav&#x61;script:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6a&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3a;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    '//evil.example/',
    '/\\evil.example/',
    '/&bsol;evil.example/',
    '\\\\evil.example/',
    '\u0001javascript:alert(1)',
    '\u3000javascript:alert(1)',
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
    for (const url of [
      'https://a.example/x.png',
      '//a.example/x.png',
      '/\\a.example/x.png',
      'data:image/png;base64,AA',
      'javascript:alert(1)',
      'x.png',
    ])
      expect(safeImageUrl(url)).toBeNull();
  });
  it('decodes the references used to hide a scheme', () => {
    expect(decodeEntities('&#106;&#x61;v&colon;')).toBe('jav:');
    expect(decodeEntities('a&Tab;b&NewLine;c&hearts;')).toBe('a\tb\nc&hearts;');
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
  it('the text of HTML: entities decoded, whitespace collapsed, blocks apart', () => {
    expect(sanitizeHtml('<p>a &amp; <b>b</b></p>\n<p>c</p>').text).toBe('a & b c');
    expect(sanitizeHtml('<li>x</li><li>y</li>').text).toBe('x y');
  });
});
