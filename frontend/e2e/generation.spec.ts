import { accessibilityViolations } from './accessibility';
import { dismissNotifications, expect, saveElementScreenshot, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addCase, addScriptedModelConnection, createDataset, createModelAgent, curatorApi, datasetPath } from './seed';

test.describe('generating cases', () => {
  test('generate from two sources, edit one draft, dismiss one, accept the page, see the new versions', async ({ page }) => {
    test.setTimeout(180_000);
    const api = await curatorApi();
    // The scripted model drafts as the generator: as many cases per source as asked, plus one unreadable and one rule-broken draft.
    const connectionId = await addScriptedModelConnection(api, 'Generator replies', ['scripted-generator']);
    await createModelAgent(api, 'Generation desk', connectionId, 'scripted-generator', [], 'You answer questions about returns. Never share customer data.');
    const datasetId = await createDataset(api, 'Generated support cases');
    await addCase(api, datasetId, { input: 'How long is the return window?', referenceAnswer: 'Returns are accepted within 14 days of delivery.' });

    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();

    // Settings: the generator's model, beside the judge's, saved as chosen.
    await page.goto(datasetPath(datasetId, '?tab=settings'));
    const generatorCard = page.getByRole('region', { name: 'Case generator' });
    await generatorCard.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'scripted-generator' }).click();
    await expect(page.getByText("Generator's model saved")).toBeVisible();
    await expect(generatorCard.getByRole('combobox', { name: 'Model' })).toHaveValue('scripted-generator');
    await dismissNotifications(page);

    // Cases: Generate cases opens its dialog; nothing can start before the estimate.
    await page.getByRole('tab', { name: 'Cases' }).click();
    await page.getByRole('button', { name: 'Generate cases' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate cases' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Agent the cases test' }).click();
    await page.getByRole('option', { name: 'Generation desk' }).click();
    await dialog.getByRole('checkbox', { name: 'Red team' }).check();
    await dialog.getByRole('textbox', { name: 'How many cases' }).fill('4');
    await expect(dialog.getByText('1 to 50, shared evenly across the sources: 2 from the agent, 2 red team.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Estimate' }).click();
    const estimate = dialog.getByRole('region', { name: 'Estimate' });
    await expect(estimate.getByRole('row', { name: /From the agent 2/ })).toBeVisible();
    await expect(estimate.getByRole('row', { name: /Red team 2/ })).toBeVisible();
    await expect(estimate.getByTestId('generation-cost')).not.toContainText('$0.00');
    expect(await accessibilityViolations(page)).toEqual([]);
    await saveElementScreenshot(dialog, '93-generate-cases-estimate');

    // A changed count throws the estimate away; estimating again brings Generate back.
    await dialog.getByRole('textbox', { name: 'How many cases' }).fill('5');
    await expect(estimate).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'How many cases' }).fill('4');
    await dialog.getByRole('button', { name: 'Estimate' }).click();
    await expect(estimate).toBeVisible();
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(dialog).toBeHidden();

    // Starting opens the proposals, with the generation's progress live until it finishes.
    await expect(page).toHaveURL(/view=proposed/);
    await expect(page.getByTestId('generation-status')).toHaveText('Finished', { timeout: 60_000 });
    await expect(page.getByTestId('generation-outcome')).toHaveText("4 cases proposed; 2 cases left out: 1 could not be read, 1 broke its source's rule.");
    const drafts = page.getByTestId('proposed-case');
    await expect(drafts).toHaveCount(4);
    await expect(page.getByTestId('proposed-count')).toHaveText('4');
    const redTeam = page.getByRole('article', { name: /Red team request 1/ });
    await expect(redTeam).toContainText('Red-team category: out-of-scope');
    await expect(redTeam).toContainText('red-team:out-of-scope');
    expect(await accessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, '94-proposed-cases');

    // Edit one first: accepted with the edit as one new version.
    await page.getByRole('article', { name: /Generated question 1/ }).getByRole('button', { name: /^Edit first/ }).click();
    const editor = page.getByRole('dialog', { name: 'Edit the draft, then accept it' });
    await editor.getByRole('textbox', { name: 'Question' }).fill('How long do I have to return shoes?');
    await saveElementScreenshot(editor, '95-edit-proposed-case');
    await editor.getByRole('button', { name: 'Accept with these changes' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByTestId('proposed-outcome')).toHaveText('1 case accepted as version 2.');
    await expect(drafts).toHaveCount(3);

    // Dismiss one: it leaves nothing in the dataset.
    await page.getByRole('article', { name: /Red team request 2/ }).getByRole('button', { name: /^Dismiss/ }).click();
    await expect(page.getByTestId('proposed-outcome')).toHaveText('1 draft dismissed; nothing was added to the dataset.');
    await expect(drafts).toHaveCount(2);

    // Accept the page: one Accept, one new version.
    await page.getByRole('button', { name: 'Accept this page (2)' }).click();
    await expect(page.getByTestId('proposed-outcome')).toHaveText('2 cases accepted as version 3.');
    await expect(drafts).toHaveCount(0);
    await expect(page.getByTestId('proposed-count')).toHaveText('0');
    await saveScreenshot(page, '96-proposed-cases-accepted');

    // The cases: version 3 holds the written case and the three accepted, as Generated.
    await page.getByRole('button', { name: 'See the cases' }).click();
    await expect(page).not.toHaveURL(/view=proposed/);
    await expect(page.getByText('4 cases in v3')).toBeVisible();
    await expect(page.getByText('How long do I have to return shoes?')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search cases' }).fill('Red team request 1');
    await expect(page.getByText('1 case match')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search cases' }).fill('');
    await page.getByRole('combobox', { name: 'Filter by source' }).click();
    await page.getByRole('option', { name: 'Generated' }).click();
    await expect(page.getByText('3 cases match')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, '97-generated-cases-accepted');
  });
});
