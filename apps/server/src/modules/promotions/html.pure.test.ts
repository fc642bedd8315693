import { describe, expect, it } from 'vitest';
import { decodeEntities, safeUrl, sanitizeHtml } from './html.ts';

/** Stored-XSS payloads an operator's content might carry (pasted, or from a stolen ops session). */
const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/ok.png" onerror="alert(1)">',
  '<IMG SRC="jav&#x09;ascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href=" javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p onclick="alert(1)">x</p>',
  '<p/onmouseover=alert(1)>x</p>',
  '<a href="/x" onmouseover=alert(1)>x</a>',
  '<details open ontoggle=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
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

describe('activity content sanitiser (server side, issue 9)', () => {
  it.each(CORPUS)('%s: nothing that runs survives', (payload) => {
    const out = sanitizeHtml(payload);
    // No element that can run or load script, no event handler attribute, no script URL.
    expect(out).not.toMatch(
      /<\s*(script|svg|math|iframe|object|embed|style|meta|base|link|form|input|body|template|noscript|textarea|title|video|source|details)\b/i,
    );
    expect(out).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
    expect(out).not.toMatch(/style=/i);
    // Sanitising twice changes nothing (the output is already in its final form).
    expect(sanitizeHtml(out)).toBe(out);
  });

  it('keeps the operator’s ordinary formatting and links', () => {
    const html =
      '<h3>Rules</h3><p>Deposit <b>10,000</b> &amp; bet <em>30,000</em>.</p><ul><li>One</li><li>Two</li></ul>' +
      '<p><a href="/down">Download</a> or <a href="https://example.com/terms">terms</a></p><img src="/img/x.svg" alt="x">';
    expect(sanitizeHtml(html)).toBe(
      '<h3>Rules</h3><p>Deposit <b>10,000</b> &amp; bet <em>30,000</em>.</p><ul><li>One</li><li>Two</li></ul>' +
        '<p><a href="/down">Download</a> or <a href="https://example.com/terms" target="_blank" rel="noopener noreferrer nofollow">terms</a></p><img src="/img/x.svg" alt="x">',
    );
  });

  it('drops unknown elements but keeps their text; closes what is left open; escapes stray brackets', () => {
    expect(sanitizeHtml('<marquee>Big <b>win</marquee>')).toBe('Big <b>win</b>');
    expect(sanitizeHtml('1 < 2 > 0 & <p>ok')).toBe('1 &lt; 2 &gt; 0 &amp; <p>ok</p>');
    expect(sanitizeHtml('</p>text</b>')).toBe('text');
    expect(sanitizeHtml('<img src="https://tracker.example/p.gif">')).toBe('');
    expect(sanitizeHtml('<td colspan="2x" rowspan=3>x')).toBe('<td rowspan="3">x</td>');
  });

  it('reads script URLs however they are spelled', () => {
    expect(decodeEntities('&#106;&#x61;v&colon;')).toBe('jav:');
    expect(safeUrl('jav\tascript:alert(1)', 'link')).toBeNull();
    expect(safeUrl('&#x6A;avascript:alert(1)', 'link')).toBeNull();
    expect(safeUrl('mailto:help@example.com', 'link')).toBe('mailto:help@example.com');
    expect(safeUrl('//evil.example/x.png', 'image')).toBeNull();
    expect(safeUrl('/img/ok.png', 'image')).toBe('/img/ok.png');
  });
});
