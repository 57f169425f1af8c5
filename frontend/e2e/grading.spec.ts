import { accessibilityViolations } from './accessibility';
import { expect, saveElementScreenshot, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addCase, addModelConnection, createDataset, curatorApi, datasetPath } from './seed';

test.describe('grading', () => {
  test('the pass and judge cards, a model added, a rule from a criterion, one bar that saves; leaving asks', async ({ page }) => {
    const api = await curatorApi();
    const datasetId = await createDataset(api, 'Graded answers');
    await addCase(api, datasetId, { input: 'How long is the return window?', referenceAnswer: '30 days from delivery.' });
    await addCase(api, datasetId, { input: 'Can I return a used kettle?', checks: [{ contains: { value: 'unused' } }] });
    await addCase(api, datasetId, { input: 'Are you a person?', counterExample: 'Yes, I am a person.' });
    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    await page.goto(datasetPath(datasetId, '?tab=settings'));

    const passes = page.getByRole('region', { name: 'When a case passes' });
    const judge = page.getByRole('region', { name: 'Judge' });
    await expect(passes.getByTestId('reads-checks')).toHaveText('1 of 3 cases have checks to grade them, their own or the defaults');
    await expect(page.getByRole('alert').filter({ hasText: '2 cases would be graded on nothing' })).toBeVisible();
    await expect(page.getByText('Cases have reference answers nothing compares with')).toBeVisible();
    await page.getByRole('button', { name: 'Compare with the reference' }).click();
    await expect(judge.getByRole('switch', { name: 'Reference answer', exact: true })).toBeChecked();
    // The reference comparison grades the first case, and the counter-example of the third with it.
    await expect(page.getByRole('alert').filter({ hasText: 'would be graded on nothing' })).toBeHidden();
    await expect(judge.getByText('Unsaved changes')).toBeVisible();
    await expect(passes.getByText('Unsaved changes')).toBeHidden();

    // Add model: the new model is chosen at once.
    await judge.getByRole('button', { name: 'Add model' }).click();
    const addModel = page.getByRole('dialog', { name: 'Add model' });
    await addModel.getByRole('textbox', { name: 'Name' }).fill('Judging models');
    await addModel.getByRole('combobox', { name: 'Models' }).fill('judge-small');
    await addModel.getByRole('combobox', { name: 'Models' }).press('Enter');
    await addModel.getByRole('textbox', { name: 'API key' }).fill('sk-test-not-a-real-key-0000');
    await addModel.getByRole('button', { name: 'Add model' }).click();
    await expect(addModel).toBeHidden();
    await expect(judge.getByRole('combobox', { name: 'Model' })).toHaveValue('judge-small');

    await judge.getByRole('textbox', { name: 'Instructions' }).fill('Grade **strictly**: the customer reads every word.');
    await judge.getByRole('tab', { name: 'Preview' }).click();
    await expect(judge.locator('strong', { hasText: 'strictly' })).toBeVisible();

    // Your criteria, with yes/no grading; a criterion a rule can check offers Add the rule.
    await judge.getByRole('switch', { name: 'Your criteria', exact: true }).click({ force: true });
    await judge.getByRole('button', { name: 'Add a criterion' }).click();
    await judge.getByRole('textbox', { name: 'Criterion 1' }).fill('Is the answer under 100 words?');
    await judge.getByRole('button', { name: 'Add the rule' }).click();
    await expect(judge.getByText('In the default checks')).toBeVisible();
    await expect(passes.getByRole('combobox', { name: 'Check 1' })).toHaveValue('Length');
    await expect(judge.getByRole('switch', { name: 'Use yes/no grading' })).toBeChecked();
    await judge.getByRole('switch', { name: 'Use yes/no grading' }).click({ force: true });
    await expect(judge.getByRole('textbox', { name: 'Scale' })).toHaveValue('5');
    await judge.getByRole('switch', { name: 'Use yes/no grading' }).click({ force: true });
    await expect(page.getByRole('alert').filter({ hasText: 'would be graded on nothing' })).toBeHidden();

    const bar = page.getByRole('region', { name: 'Unsaved grading changes' });
    await expect(bar).toBeVisible();
    await saveScreenshot(page, '50-settings-1280');
    expect(await accessibilityViolations(page)).toEqual([]);
    await bar.getByRole('button', { name: 'Save grading' }).click();
    await expect(page.getByText('Grading saved')).toBeVisible();
    await expect(bar).toBeHidden();

    await page.reload();
    await expect(judge.getByRole('combobox', { name: 'Model' })).toHaveValue('judge-small');
    await expect(judge.getByRole('textbox', { name: 'Criterion 1' })).toHaveValue('Is the answer under 100 words?');
    await expect(passes.getByRole('combobox', { name: 'Check 1' })).toHaveValue('Length');
    await expect(judge.getByRole('switch', { name: 'Reference answer', exact: true })).toBeChecked();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await saveScreenshot(page, '51-settings-1920');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Leaving with a change asks: another tab, a link, signing out.
    await passes.getByRole('checkbox', { name: 'Expected tool calls: must pass' }).click();
    await expect(passes.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('tab', { name: 'Cases' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
    await expect(leave).toContainText('Grading has changes that are not saved. Saving creates no new version: no case changes.');
    await leave.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(page).toHaveURL(/tab=settings/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await leave.getByRole('button', { name: 'Stay', exact: true }).click();
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    const signOut = page.getByRole('dialog', { name: 'Sign out with unsaved changes?' });
    await signOut.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(bar).toBeVisible();

    // Reloading keeps the change in the browser; the page offers it back.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    const offer = page.getByRole('region', { name: 'Grading: unsaved changes' });
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect(passes.getByRole('checkbox', { name: 'Expected tool calls: must pass' })).not.toBeChecked();
    await bar.getByRole('button', { name: 'Discard changes' }).click();
    await expect(passes.getByRole('checkbox', { name: 'Expected tool calls: must pass' })).toBeChecked();
    await expect(bar).toBeHidden();
    await page.getByRole('tab', { name: 'Cases' }).click();
    await expect(page.getByRole('button', { name: 'Open case: Are you a person?' })).toBeVisible();
  });

  test('the JSON answers card: structured reference on, strictness and a model set, a refused setting on its control, kept after a reload', async ({ page }) => {
    const api = await curatorApi();
    const datasetId = await createDataset(api, 'Film facts');
    await addCase(api, datasetId, { input: 'Who directed Alien?', referenceAnswer: '{"director": "Ridley Scott", "year": 1979}', referenceVerified: true });
    await addCase(api, datasetId, { input: 'Who is in the cast of Heat?', referenceAnswer: '{"cast": ["Al Pacino", "Robert De Niro"]}' });
    await addCase(api, datasetId, { input: 'Is Alien a comedy?', referenceAnswer: 'No, it is a horror film.' });
    // A saved connection, so the test does not depend on the local-embeddings extra being installed.
    await addModelConnection(api, 'Film embeddings', ['film-embedder-1']);
    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    await page.goto(datasetPath(datasetId, '?tab=settings'));

    const card = page.getByRole('region', { name: 'JSON answers' });
    await expect(card.getByTestId('reads-structured')).toHaveText('2 of 3 cases have a JSON reference answer');
    await expect(card.getByTestId('unverified-structured')).toHaveText('1 of them is not verified: not graded until verified.');
    const notice = card.getByTestId('exact-only-notice');
    await expect(notice).toContainText('exact matching only');

    await card.getByRole('switch', { name: 'Structured reference', exact: true }).click({ force: true });
    const strictness = card.getByRole('slider', { name: 'Strictness' });
    await strictness.focus();
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowRight');
    await expect(strictness).toHaveAttribute('aria-valuenow', '0.7');
    await expect(card.getByText('count as equal from a similarity of 0.89')).toBeVisible();
    await expect(card.getByText('Unsaved changes')).toBeVisible();
    await saveElementScreenshot(card, '52-settings-json-answers-exact-only');

    // Typed, not scrolled to: other tests add models to this organization, and the list may be long.
    // Typed and picked again until the pick takes: a list that arrives while the search is typed may
    // clear it, and a click that the page's scrolling moves off the option closes the list.
    const embeddingModel = card.getByRole('combobox', { name: 'Embedding model' });
    const filmEmbedder = page.getByRole('option', { name: 'film-embedder-1' });
    await expect(async () => {
      await embeddingModel.fill('film-embedder');
      await filmEmbedder.click({ timeout: 2_000 });
      await expect(notice).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    // A pass mark that is not a number is named on the Pass mark, as the API names structured.passAt.
    const passMark = card.getByRole('textbox', { name: 'Pass mark' });
    await passMark.fill('');
    const bar = page.getByRole('region', { name: 'Unsaved grading changes' });
    await bar.getByRole('button', { name: 'Save grading' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Grading was not saved' })).toBeVisible();
    await expect(passMark).toHaveAttribute('aria-invalid', 'true');
    await expect(card.getByText('must be a number from 0 to 1')).toBeVisible();
    await passMark.fill('0.75');
    expect(await accessibilityViolations(page)).toEqual([]);
    await bar.getByRole('button', { name: 'Save grading' }).click();
    await expect(page.getByText('Grading saved')).toBeVisible();
    await expect(bar).toBeHidden();

    await page.reload();
    await expect(card.getByRole('switch', { name: 'Structured reference', exact: true })).toBeChecked();
    await expect(strictness).toHaveAttribute('aria-valuenow', '0.7');
    await expect(card.getByRole('combobox', { name: 'Embedding model' })).toHaveValue('film-embedder-1');
    await expect(passMark).toHaveValue('0.75');
    await expect(notice).toBeHidden();
    await saveElementScreenshot(card, '53-settings-json-answers-saved');
  });
});
