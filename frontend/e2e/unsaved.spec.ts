import { expect, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addCase, createDataset, curatorApi, datasetPath } from './seed';

test.describe('unsaved changes', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
  });

  test('every way out of an unsaved case asks Save, Discard or Stay', async ({ page }) => {
    const api = await curatorApi();
    const datasetId = await createDataset(api, 'Leaving questions');
    const seeded = await addCase(api, datasetId, { input: 'Do you ship to Norway?', referenceAnswer: 'Yes, in 3 to 5 days.' });
    await page.goto(datasetPath(datasetId, `?tab=cases&case=${encodeURIComponent(seeded.id)}`));
    const view = page.getByRole('dialog', { name: 'Case' });
    await view.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit case' });
    const reference = form.getByRole('textbox', { name: 'Reference answer' });
    await reference.fill('Yes: 3 to 5 working days, tracked.');

    // Back.
    await page.goBack();
    const leave = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
    await expect(leave).toContainText('The case “Do you ship to Norway?” has changes that are not saved. Saving creates a new version of the dataset.');
    await saveScreenshot(page, '40-unsaved-changes-dialog');
    await leave.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(reference).toHaveValue('Yes: 3 to 5 working days, tracked.');
    await expect(page).toHaveURL(/edit=1/);

    // Closing the editor, by Cancel or by closing the side panel.
    await form.getByRole('button', { name: 'Cancel' }).click();
    const close = page.getByRole('dialog', { name: 'Close with unsaved changes?' });
    await close.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(reference).toHaveValue('Yes: 3 to 5 working days, tracked.');
    await form.getByRole('button', { name: 'Close the case' }).click();
    await close.getByRole('button', { name: 'Discard' }).click();
    await expect(form).toBeHidden();
    await expect(view).toBeHidden();

    // Back again, and Save: the change is a new version and Back goes on.
    await page.getByRole('button', { name: 'Open case: Do you ship to Norway?' }).click();
    await view.getByRole('button', { name: 'Edit' }).click();
    await reference.fill('Yes: 3 to 5 working days, tracked.');
    await page.goBack();
    await leave.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(view.getByRole('group', { name: 'Reference answer' })).toContainText('3 to 5 working days, tracked.');
    await expect(view.getByText('v2', { exact: true })).toBeVisible();
  });

  test('an unsaved case is kept in the browser and offered back; after a newer version, only to discard', async ({ page }) => {
    const api = await curatorApi();
    const datasetId = await createDataset(api, 'Kept drafts');
    const seeded = await addCase(api, datasetId, { input: 'Can I pay by invoice?', referenceAnswer: 'Yes, for businesses.' });
    await page.goto(datasetPath(datasetId));
    await page.getByRole('button', { name: 'Add case', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'New case' });
    await form.getByRole('textbox', { name: 'Input' }).fill('Do you deliver on Saturdays?');
    await form.getByRole('textbox', { name: 'Reference answer' }).fill('Yes, in cities.');

    // Reloading shows the browser's own warning; coming back offers the change.
    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('beforeunload');
      void dialog.accept();
    });
    await page.reload();
    const offer = form.getByRole('region', { name: /^The new case: unsaved changes$/ });
    await expect(offer).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Input' })).toHaveValue('');
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect(form.getByRole('textbox', { name: 'Input' })).toHaveValue('Do you deliver on Saturdays?');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Close with unsaved changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(form).toBeHidden();

    // A change to a case, left by closing the tab's page; then the dataset moves on.
    await page.goto(datasetPath(datasetId, `?tab=cases&case=${encodeURIComponent(seeded.id)}&edit=1`));
    await page.getByRole('dialog', { name: 'Edit case' }).getByRole('textbox', { name: 'Reference answer' }).fill('Yes, for businesses with a VAT number.');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.goto('/datasets');
    await addCase(api, datasetId, { input: 'Is there a student discount?', referenceAnswer: 'No.' });
    await page.goto(datasetPath(datasetId));
    const stale = page.getByRole('region', { name: /^The case “Can I pay by invoice\?”: unsaved changes made on an older version$/ });
    await expect(stale).toContainText('on version 1. The dataset now has version 2');
    await expect(stale.getByRole('button', { name: 'Restore' })).toBeHidden();
    await stale.getByRole('button', { name: 'See what it was' }).click();
    const preview = page.getByRole('dialog', { name: /^What the unsaved change was/ });
    await expect(preview).toContainText('Yes, for businesses with a VAT number.');
    await saveScreenshot(page, '41-kept-change-on-older-version');
    await preview.getByRole('button', { name: 'Discard it' }).click();
    await expect(stale).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Open case: Is there a student discount?' })).toBeVisible();
    await expect(stale).toBeHidden();
  });
});
