// SPDX-License-Identifier: Apache-2.0
import type { Locator, Page } from '@playwright/test';

/**
 * Finds a bucket on /buckets as a person would in a long list: by typing its name into the search box.
 * The list is virtualized, so with thousands of buckets (other journeys make 2,000) a card far down the
 * list is not in the page until searched for or scrolled to.
 */
export async function searchBucket(page: Page, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search Buckets' }).fill(name);
  return page.getByRole('heading', { name, exact: true });
}
