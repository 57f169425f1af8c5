import { accessibilityViolations } from './accessibility';
import { dismissNotifications, expect, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR, NEWCOMER, TEAMMATE } from './people';
import { addCase, createDataset, curatorApi } from './seed';

test.describe('datasets', () => {
  test('the first dataset opens as soon as it exists and walks to its first case, field by field', async ({ page }) => {
    await signIn(page, NEWCOMER.email, NEWCOMER.password);
    // A new organization lands on its first steps.
    const firstSteps = page.getByRole('region', { name: 'First steps' });
    await expect(firstSteps.getByTestId('first-step-dataset')).toContainText('Create a dataset');
    await firstSteps.getByRole('link', { name: 'Go to Datasets' }).click();
    await expect(page.getByText('No datasets yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create dataset' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create dataset' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Refund questions');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('What customers ask about refunds, and what a right answer says.');
    await saveScreenshot(page, '10-create-dataset');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Refund questions', level: 1 })).toBeVisible();
    const walk = page.getByRole('region', { name: 'Your first dataset' });
    await expect(walk).toBeVisible();
    await expect(page.getByText('No cases yet')).toBeVisible();
    await saveScreenshot(page, '11-guided-walk');
    for (const heading of ['A case is one question', 'Every change is a new version', 'Settings says how answers are graded']) {
      await expect(walk.getByRole('heading', { name: heading })).toBeVisible();
      await walk.getByRole('button', { name: 'Next' }).click();
    }
    await walk.getByRole('button', { name: 'Write the first case' }).click();

    const drawer = page.getByRole('dialog', { name: 'New case' });
    const guide = drawer.getByRole('region', { name: 'Field by field' });
    await expect(guide).toContainText('The question');
    await expect(drawer.getByRole('textbox', { name: 'Input' })).toBeFocused();
    await page.keyboard.type('How long do refunds take?');
    await guide.getByRole('button', { name: 'Next field' }).click();
    await expect(drawer.getByRole('textbox', { name: 'Reference answer' })).toBeFocused();
    await page.keyboard.type('Refunds reach your card within **5 working days** of the return arriving.');
    await guide.getByRole('button', { name: 'Next field' }).click();
    await expect(drawer.getByRole('textbox', { name: 'Counter-example' })).toBeFocused();
    await guide.getByRole('button', { name: 'Next field' }).click();
    await expect(drawer.getByRole('combobox', { name: 'Tags' })).toBeFocused();
    await page.keyboard.type('refunds');
    await page.keyboard.press('Enter');
    await guide.getByRole('button', { name: 'Next field' }).click();
    await expect(drawer.getByRole('textbox', { name: 'Note' })).toBeFocused();
    await page.keyboard.type('The agent used to promise refunds the same day.');
    await guide.getByRole('button', { name: 'Next field' }).click();
    await expect(guide).toContainText('Save it');
    await expect(drawer.getByText('Saving creates version 1')).toBeVisible();
    await saveScreenshot(page, '12-first-case-field-by-field');
    await drawer.getByRole('button', { name: 'Add case' }).click();

    const view = page.getByRole('dialog', { name: 'Case' });
    await expect(view.getByRole('group', { name: 'Question' })).toHaveText('How long do refunds take?');
    await expect(view.getByRole('group', { name: 'Reference answer' }).locator('strong')).toHaveText('5 working days');
    await expect(page).toHaveURL(/tab=cases&case=/);
    await dismissNotifications(page);
    await view.getByRole('button', { name: 'Close the case' }).click();
    await expect(page.getByRole('button', { name: /Open case: How long do refunds take\?/ })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('the list searches and pages; details, sharing and deleting work from the dataset’s page', async ({ page }) => {
    const api = await curatorApi();
    const shipping = await createDataset(api, 'Shipping questions', 'Where is my parcel, and when will it arrive?');
    await addCase(api, shipping, { input: 'Where is my parcel?', referenceAnswer: 'Follow the tracking link in your e-mail.' });
    await addCase(api, shipping, { input: 'When will it arrive?', referenceAnswer: 'Within 3 working days.' });
    await createDataset(api, 'Tone and refusals', 'What the agent must not say.');
    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('link', { name: 'Shipping questions' })).toBeVisible();
    // The Cases column: how many cases the newest version holds.
    await expect(page.getByRole('row').filter({ hasText: 'Shipping questions' }).getByRole('cell').nth(1)).toHaveText('2');
    await expect(page.getByRole('row').filter({ hasText: 'Tone and refusals' }).getByRole('cell').nth(1)).toHaveText('0');
    await saveScreenshot(page, '13-datasets-list-1280');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await saveScreenshot(page, '14-datasets-list-1920');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('textbox', { name: 'Search datasets by name' }).fill('tone');
    await expect(page.getByRole('link', { name: 'Tone and refusals' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shipping questions' })).toBeHidden();
    await page.getByRole('link', { name: 'Tone and refusals' }).click();
    await expect(page.getByRole('heading', { name: 'Tone and refusals', level: 1 })).toBeVisible();

    // Edit details: no version; closing with a change asks first.
    await page.getByRole('button', { name: 'Edit details' }).click();
    const details = page.getByRole('dialog', { name: 'Edit details' });
    await details.getByRole('textbox', { name: 'Name' }).fill('Tone, refusals and privacy');
    await details.getByRole('button', { name: 'Close dialog' }).click();
    const question = page.getByRole('dialog', { name: 'Close with unsaved changes?' });
    await expect(question).toContainText('The dataset’s details has changes that are not saved.');
    await question.getByRole('button', { name: 'Stay', exact: true }).click();
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('heading', { name: 'Tone, refusals and privacy', level: 1 })).toBeVisible();
    await expect(page.getByText('No versions yet')).toBeVisible();

    // Share: private, then a read grant for a teammate, changed to edit, then removed.
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: /^Share/ });
    await share.getByRole('switch', { name: 'Private' }).click();
    await expect(share.getByRole('switch', { name: 'Private' })).toBeChecked();
    await share.getByRole('combobox', { name: 'Share with' }).click();
    await page.getByRole('option', { name: new RegExp(TEAMMATE.name) }).click();
    await share.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(share.getByRole('cell', { name: new RegExp(`^${TEAMMATE.name} ${TEAMMATE.email}`) })).toBeVisible();
    await expect(share.getByRole('combobox', { name: `Access for ${TEAMMATE.name}` })).toHaveValue('Can read');
    await saveScreenshot(page, '15-share-dialog');
    expect(await accessibilityViolations(page)).toEqual([]);
    await share.getByRole('combobox', { name: `Access for ${TEAMMATE.name}` }).click();
    await page.getByRole('option', { name: 'Can edit' }).click();
    await expect(share.getByRole('combobox', { name: `Access for ${TEAMMATE.name}` })).toHaveValue('Can edit');
    await share.getByRole('button', { name: `Remove ${TEAMMATE.name}'s access` }).click();
    await expect(share.getByText('Nobody has a grant on this dataset yet.')).toBeVisible();
    await share.getByRole('button', { name: 'Close dialog' }).click();
    await expect(page.getByText('Private', { exact: true })).toBeVisible();

    // Delete, after confirming.
    await page.getByRole('button', { name: 'More dataset actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete dataset' }).click();
    const confirm = page.getByRole('dialog', { name: /^Delete/ });
    await confirm.getByRole('button', { name: 'Delete dataset' }).click();
    await expect(page).toHaveURL(/\/datasets$/);
    await page.getByRole('textbox', { name: 'Search datasets by name' }).fill('tone');
    await expect(page.getByText('No dataset\'s name contains “tone”.')).toBeVisible();
  });
});
