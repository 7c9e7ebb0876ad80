import path from 'node:path';
import type { Page } from '@playwright/test';

/** Pages taller than this many viewports are shot as the viewport only (a list of thousands of cards would
 * make a picture hundreds of thousands of pixels tall, slow enough for Chromium to time out). */
const MAX_FULL_PAGE_VIEWPORTS = 4;

/** Saves a screenshot (the full page when it is of a readable height) under e2e/screenshots/ for people to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize()?.height ?? 900;
  await page.screenshot({
    path: path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`),
    fullPage: height <= viewport * MAX_FULL_PAGE_VIEWPORTS,
  });
}
