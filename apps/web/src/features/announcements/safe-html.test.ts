import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeHtml } from './safe-html';

/** The stored-XSS corpus (wapiti's payloads and ours), shared with the server and e2e tests. */
const corpus = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../../e2e/fixtures/xss-payloads.json'), 'utf8'),
) as { wapiti: string[]; ours: string[] };
const payloads = [...corpus.wapiti, ...corpus.ours];
const FORBIDDEN =
  'script, iframe, frame, object, embed, svg, math, style, form, input, button, base, link, meta, template, textarea, select, video, audio';

describe('safeHtml (the client’s DOMPurify lock on announcement HTML)', () => {
  it(`leaves nothing executable in any of the ${payloads.length} payloads`, () => {
    expect(payloads.length).toBeGreaterThan(100);
    for (const p of payloads) {
      const box = document.createElement('div');
      box.innerHTML = safeHtml(p);
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
        if (el.tagName === 'IMG') expect(el.getAttribute('src'), where).toMatch(/^\/(?![/\\])/);
      }
    }
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('keeps ordinary announcement HTML, and opens links to other sites apart', () => {
    const html = safeHtml(
      '<h3>Hi</h3><p><b>Bold</b> <a href="/help">help</a> <a href="https://example.com/">out</a></p><img src="/img/banners/gold.svg" alt="">',
    );
    expect(html).toBe(
      '<h3>Hi</h3><p><b>Bold</b> <a href="/help">help</a> <a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">out</a></p><img src="/img/banners/gold.svg" alt="">',
    );
  });

  it('drops images from other sites and data URLs', () => {
    expect(safeHtml('<img src="https://elsewhere.example/a.png"><img src="data:image/png;base64,AA">')).toBe(
      '',
    );
  });
});
