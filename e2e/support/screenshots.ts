import path from 'node:path';
import type { Page } from '@playwright/test';

/** Pages taller than this many viewports are shot as the viewport only (a list of thousands of cards would
 * make a picture hundreds of thousands of pixels tall, slow enough for Chromium to time out). */
const MAX_FULL_PAGE_VIEWPORTS = 4;

/**
 * Saves a screenshot under e2e/screenshots/ for people to look at: the full page when it is of a readable
 * height, else the viewport. The height is measured first and the shot clipped to it, because a full-page
 * shot makes Chromium lay the page out at the page's height at capture time: a list that finished loading in
 * between (2,000 bucket cards, 216,000 px) would be rendered whole, which once took 42 s and left the page busy.
 */
export async function snap(page: Page, name: string): Promise<void> {
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: document.documentElement.scrollHeight,
  }));
  const viewport = page.viewportSize()?.height ?? 900;
  const fullPage = height <= viewport * MAX_FULL_PAGE_VIEWPORTS;
  await page.screenshot({
    path: path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`),
    ...(fullPage ? { fullPage, clip: { x: 0, y: 0, width, height } } : {}),
  });
}
