import { accessibilityViolations } from './accessibility';
import { expect, saveScreenshot, signIn, test } from './fixtures';
import { REVIEWER } from './people';

test.describe('signing in and out', () => {
  test('a wrong password is refused, in words', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await saveScreenshot(page, '01-sign-in');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter the e-mail address you sign in with.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();

    await signIn(page, REVIEWER.email, 'not-the-password');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not sign in' });
    await expect(alert).toContainText('The e-mail or the password is wrong.');
    await expect(page).toHaveURL(/\/sign-in$/);
    await saveScreenshot(page, '02-sign-in-wrong-password');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('signing in shows the member’s name and role; signing out ends the session', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    await expect(page.getByTestId('viewer-name')).toHaveText(REVIEWER.name);
    await expect(page.getByTestId('viewer-role')).toHaveText('Owner');
    await expect(page.getByRole('button', { name: `Organization: ${REVIEWER.homeOrganization}, switch organization` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Datasets' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('No datasets yet')).toBeVisible();
    await saveScreenshot(page, '03-datasets-1280');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.reload();
    await expect(page.getByTestId('viewer-name')).toBeVisible();
    await saveScreenshot(page, '04-datasets-1920');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('menu')).toContainText(REVIEWER.email);
    await saveScreenshot(page, '05-account-menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    // The session is over on the server too: a reload does not sign back in.
    await page.goto('/datasets');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('a deep link asked for while signed out opens after signing in', async ({ page }) => {
    await page.goto('/somewhere/that-does-not-exist?x=1');
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByLabel('E-mail').fill(REVIEWER.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(REVIEWER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/somewhere\/that-does-not-exist\?x=1$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Datasets' }).click();
    await expect(page).toHaveURL(/\/datasets$/);
  });
});

test.describe('the shell', () => {
  test('switching organization shows the role there and clears the drafts kept in the browser', async ({ page }) => {
    await signIn(page);
    await expect(page.getByTestId('viewer-role')).toHaveText('Owner');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await page.evaluate(() => {
      localStorage.setItem('casebook:draft:v1:org/ds/case%3A1', JSON.stringify({ baseVersion: 1, savedAt: '', value: 'x' }));
      localStorage.setItem('casebook:unrelated', 'kept');
    });

    await page.getByRole('button', { name: /switch organization/ }).click();
    await expect(page.getByRole('menuitem', { name: new RegExp(REVIEWER.otherOrganization) })).toBeVisible();
    await saveScreenshot(page, '06-organization-switcher');
    await page.getByRole('menuitem', { name: new RegExp(REVIEWER.otherOrganization) }).click();

    await expect(page.getByRole('button', { name: `Organization: ${REVIEWER.otherOrganization}, switch organization` })).toBeVisible();
    await expect(page.getByTestId('viewer-role')).toHaveText('Builder');
    await expect(page.getByText(`The questions ${REVIEWER.otherOrganization}'s agents are tested on`)).toBeVisible();
    const storage = await page.evaluate(() => ({ draft: localStorage.getItem('casebook:draft:v1:org/ds/case%3A1'), other: localStorage.getItem('casebook:unrelated') }));
    expect(storage).toEqual({ draft: null, other: 'kept' });

    // The switch holds for the session: a reload stays in the other organization.
    await page.reload();
    await expect(page.getByTestId('viewer-role')).toHaveText('Builder');
  });

  test('the connection check proves API, CSRF-protected mutations, live updates and the worker', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Check connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connection check' });
    await expect(dialog.getByRole('status')).toHaveText(/Everything answered, in \d+ ms\./, { timeout: 25_000 });
    await saveScreenshot(page, '07-connection-check');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('the shell is reachable from the keyboard', async ({ page }) => {
    await signIn(page);
    await expect(page.getByTestId('viewer-name')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    const reached: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''));
    }
    expect(reached.some((name) => name.includes('switch organization'))).toBe(true);
    expect(reached.some((name) => name.includes('Account menu'))).toBe(true);
    expect(reached.some((name) => name.trim() === 'Datasets')).toBe(true);

    await page.getByRole('button', { name: /Account menu/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    // The open menu takes the focus, so that Escape and the arrows reach it. The menu hears
    // Escape only from inside: pressed before the focus arrived, under load, it went unheard.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  });
});
