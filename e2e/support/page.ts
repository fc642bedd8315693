import type { Page } from '@playwright/test';

/**
 * Waits until the page answers clicks and typing: a page the server sent rendered (`<html
 * data-ssr>`: the lobbies, /lottery, /index and /promotions for a guest in MY) only once the
 * client has hydrated it (`data-hydrated`); before that a click on the server's markup is lost.
 * Other pages (and one whose server markup this browser discarded: another language, a session)
 * at once.
 */
export async function whenInteractive(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.documentElement.hasAttribute('data-ssr') ||
      document.documentElement.hasAttribute('data-hydrated'),
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * What of the member centre's open page reaches past the screen's right edge (its menu above
 * scrolls sideways on purpose): tag and class of each, [] when the page fits.
 */
export async function centrePageOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const section = document.querySelector('section[aria-labelledby="centre-page-title"]');
    if (!section) return ['no page'];
    return [section, ...section.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName} ${el.className}`);
  });
}
