import type { Page } from 'playwright-core';

/**
 * How many messages on the page say the connection is gone (the offline banner, a toast), once
 * two frames have been drawn since the change: what one event shows is in the page by then.
 */
export async function offlineMessages(page: Page): Promise<number> {
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  return page.getByText(/You(’re| are) offline/).count();
}
