// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Pages taller than this many viewports are shot as the viewport only (a list of thousands of cards would
 * make a picture hundreds of thousands of pixels tall, slow enough for Chromium to time out). */
const MAX_FULL_PAGE_VIEWPORTS = 4;

/**
 * Saves a screenshot under e2e/screenshots/ for people to look at: the whole page when it is of a readable
 * height, else the viewport. A tall page is shot by growing the viewport to the height measured here, not
 * with Playwright's `fullPage`, which grows it to the page's height at capture time: a list that finished
 * loading in between (2,000 bucket cards, 216,000 px) was then rendered whole, which once took 42 s and left
 * the page busy. Growing the viewport (rather than clipping) also keeps full-height parts such as the side
 * menu drawn to the bottom of the picture.
 */
export async function snap(page: Page, name: string): Promise<void> {
  const file = path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);
  const viewport = page.viewportSize() ?? { width: 1400, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height <= viewport.height || height > viewport.height * MAX_FULL_PAGE_VIEWPORTS) {
    await page.screenshot({ path: file });
    return;
  }
  await page.setViewportSize({ width: viewport.width, height });
  try {
    // Two frames, so layout and any list virtualized against the window have caught up with the new size.
    await page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
    await page.screenshot({ path: file });
  } finally {
    await page.setViewportSize(viewport);
  }
}

/**
 * Both colour schemes of the current screen (`<name>-light`, `<name>-dark`). The scheme is switched the way
 * MUI's toggle switches it (the `data-color-scheme` attribute the theme's CSS variables hang on), so open
 * dialogs stay open.
 */
export async function snapBoth(page: Page, name: string): Promise<void> {
  const scheme = (mode: 'light' | 'dark') =>
    page.evaluate((m) => document.documentElement.setAttribute('data-color-scheme', m), mode);
  await scheme('light');
  await snap(page, `${name}-light`);
  await scheme('dark');
  await snap(page, `${name}-dark`);
  await scheme('light');
}
