import { describe, expect, it } from 'vitest';
import { htmlText, safeUrl, sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml (blog bodies, when saved)', () => {
  it('keeps the listed tags and attributes', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em>.</p><ul><li>a</li></ul><a href="/help" title="Help">help</a><img src="/img/x.png" alt="x" width="10" height="20">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT SRC=//x.js></SCRIPT>ok', 'ok'],
    ['<style>p{}</style><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="javascript:alert(1)">', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JAVASCRIPT:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,x">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<a href="/ok" onclick="x()" style="color:red">x</a>', '<a href="/ok">x</a>'],
    ['<p>a<!-- <script>alert(1)</script> -->b</p>', '<p>ab</p>'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<iframe src="https://x"></iframe>ok', 'ok'],
    ['<div><p>unclosed', '<p>unclosed</p>'],
    ['</p>stray<b>bold', 'stray<b>bold</b>'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
    ['<a href="/x" title=\'"><script>\'>t</a>', '<a href="/x" title="&quot;&gt;&lt;script&gt;">t</a>'],
    ['<p title="x>y">t</p>', '<p>t</p>'],
    ['<a href="mailto:a@b.c">m</a>', '<a href="mailto:a@b.c">m</a>'],
    ['<img src="mailto:a@b.c">', ''],
  ])('%s → %s', (input, out) => {
    expect(sanitizeHtml(input)).toBe(out);
  });

  it('adds rel=noopener to outside links', () => {
    expect(sanitizeHtml('<a href="https://x.io">x</a>')).toBe(
      '<a href="https://x.io" rel="noopener noreferrer">x</a>',
    );
  });

  it('reads the text of HTML', () => {
    expect(htmlText('<p>a &amp; <b>b</b></p>\n<p>c</p>')).toBe('a & b c');
    expect(safeUrl('/\\evil', 'href')).toBeNull();
  });
});
