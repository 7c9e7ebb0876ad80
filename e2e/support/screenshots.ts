import path from 'node:path';
import type { Page } from '@playwright/test';

/** Saves a full-page screenshot under e2e/screenshots/ for people to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`),
    fullPage: true,
  });
}
