import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { join } from 'node:path';
import { REVIEWER } from './people';
import { FRONTEND_DIR } from './stack';

/** Tests get the console's address from the stack globalSetup started. */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.CASEBOOK_E2E_CONSOLE_URL;
    if (!url) throw new Error('CASEBOOK_E2E_CONSOLE_URL is unset: globalSetup did not start the stack');
    await use(url);
  },
});

export { expect };

/** A full-page picture of a main screen, kept under test-results/screenshots/ for people to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(FRONTEND_DIR, 'test-results', 'screenshots', `${name}.png`), fullPage: true });
}

/** A picture of one part of a screen, such as a card, kept beside the full-page ones. */
export async function saveElementScreenshot(element: Locator, name: string): Promise<void> {
  await element.screenshot({ path: join(FRONTEND_DIR, 'test-results', 'screenshots', `${name}.png`) });
}

export async function signIn(page: Page, email = REVIEWER.email, password = REVIEWER.password): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Closes the notifications on screen first. One that covers a control, such
 * as a drawer's close button, pauses while the pointer rests on it, so a click
 * aimed through it would wait for it forever.
 */
export async function dismissNotifications(page: Page): Promise<void> {
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) {
    await close.click({ timeout: 2_000 }).catch(() => undefined); // it may have closed by itself meanwhile
  }
}
