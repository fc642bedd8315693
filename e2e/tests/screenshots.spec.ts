import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { ops } from '../support/ops.ts';
import { whenInteractive } from '../support/page.ts';

// Not a check: pictures for a person to look at (SCREENSHOTS=1 npx playwright test -c e2e screenshots).
// Key screens at 360 px and 1280 px, Burmese and English, light and dark, to .screenshots/.
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

const out = join(import.meta.dirname, '..', '..', '.screenshots');
mkdirSync(out, { recursive: true });

const widths = [360, 1280];
const langs = ['MY', 'EN'];
const themes = ['light', 'dark'];

for (const width of widths)
  for (const lang of langs)
    for (const theme of themes) {
      const tag = `${width}-${lang}-${theme}`;
      test(`screens ${tag}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.addInitScript(
          ([l, t]) => {
            localStorage.setItem('lang', l!);
            localStorage.setItem('theme', t!);
          },
          [lang, theme],
        );
        for (const path of ['/index', '/help', '/down', '/lottery', '/helpmc', '/no-such-page']) {
          await page.goto(path, { waitUntil: 'networkidle' });
          await page.screenshot({ path: join(out, `${path.slice(1) || 'root'}-${tag}.png`), fullPage: true });
        }
        await page.goto('/index', { waitUntil: 'networkidle' });
        await whenInteractive(page);
        const open = page.getByRole('button', { name: lang === 'EN' ? 'Open side menu' : 'ဘေးမီနူးကို ဖွင့်ရန်' });
        if (await open.isVisible()) await open.click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(out, `sidebar-${tag}.png`) });
        await page.goto('/register', { waitUntil: 'networkidle' });
        await page.screenshot({ path: join(out, `register-modal-${tag}.png`) });

        ops('maintenance', 'on');
        await page.goto('/index', { waitUntil: 'networkidle' });
        await page.screenshot({ path: join(out, `maintenance-${tag}.png`) });
        ops('maintenance', 'off');
        ops('region', 'block', '127.0.0.1');
        await page.goto('/index', { waitUntil: 'networkidle' });
        await page.screenshot({ path: join(out, `region-${tag}.png`) });
        ops('region', 'unblock', '127.0.0.1');
      });
    }
