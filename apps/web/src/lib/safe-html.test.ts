import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeHtml } from './safe-html';

/** The stored-XSS corpus (wapiti's payloads and ours), shared with the server and e2e tests. */
const corpus = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../e2e/fixtures/xss-payloads.json'), 'utf8'),
) as { wapiti: string[]; ours: string[] };
const payloads = [...corpus.wapiti, ...corpus.ours];
const FORBIDDEN =
  'script, iframe, frame, object, embed, svg, math, style, form, input, button, base, link, meta, template, textarea, select, video, audio';

describe('safeHtml (the client’s one DOMPurify lock on server HTML)', () => {
  it.each([
    ['with images', true],
    ['without images', false],
  ])(`leaves nothing executable in any of the payloads (%s)`, (_, images) => {
    expect(payloads.length).toBeGreaterThan(100);
    for (const p of payloads) {
      const box = document.createElement('div');
      box.innerHTML = safeHtml(p, { images });
      const where = JSON.stringify(p);
      expect(box.querySelectorAll(FORBIDDEN), where).toHaveLength(0);
      for (const el of box.querySelectorAll('*')) {
        for (const attr of el.getAttributeNames()) {
          expect(attr.startsWith('on') || attr === 'style' || attr === 'srcdoc', `${attr} ${where}`).toBe(
            false,
          );
        }
        const url = el.getAttribute('href') ?? el.getAttribute('src');
        if (url !== null) expect(url, where).not.toMatch(/^\s*(javascript|vbscript|data):/i);
        if (!images) expect(el.tagName, where).not.toBe('IMG');
        if (el.tagName === 'IMG') expect(el.getAttribute('src'), where).toMatch(/^\/(?![/\\])/);
      }
    }
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('keeps ordinary announcement HTML, and opens links to other sites apart', () => {
    const html = safeHtml(
      '<h3>Hi</h3><p><b>Bold</b> <a href="/help">help</a> <a href="https://example.com/">out</a></p><img src="/img/banners/gold.svg" alt="">',
      { images: true },
    );
    expect(html).toBe(
      '<h3>Hi</h3><p><b>Bold</b> <a href="/help">help</a> <a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">out</a></p><img src="/img/banners/gold.svg" alt="">',
    );
  });

  it('drops images from other sites and data URLs', () => {
    expect(
      safeHtml('<img src="https://elsewhere.example/a.png"><img src="data:image/png;base64,AA">', {
        images: true,
      }),
    ).toBe('');
  });

  it('drops every image unless the caller asks for them', () => {
    expect(safeHtml('<p>a<img src="/img/banners/gold.svg" alt=""></p>')).toBe('<p>a</p>');
  });

  it('keeps the blog’s and help’s vocabulary (headings, lists, figures, mail and phone links)', () => {
    const html =
      '<h2>Steps</h2><ol><li><strong>One</strong></li><li><em>Two</em></li></ol>' +
      '<figure><img src="/img/a.png" alt="A"><figcaption>A</figcaption></figure>' +
      '<p><a href="mailto:help@example.com">mail</a> <a href="tel:+9512345">call</a></p>';
    expect(safeHtml(html, { images: true })).toBe(html);
  });

  it('strips styles, classes, forms and frames (a button keeps its text only)', () => {
    expect(
      safeHtml(
        '<p style="color:red" class="x" id="y">t</p><form action="/x"><input name="a"><button>b</button></form><iframe src="/x"></iframe><style>p{}</style>',
      ),
    ).toBe('<p>t</p>b');
  });
});
