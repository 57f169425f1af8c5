import { accessibilityViolations } from './accessibility';
import { expect, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addModelConnection, createDataset, createModelAgent, curatorApi, datasetPath, recordConversation } from './seed';

const PERSON = 'erasure-e2e@example.test';
const QUESTION = 'My card ending 4242 was charged twice for order 5150.';

test.describe('personal data', () => {
  test('an end user is exported, then erased with progress; their case stays, marked Anonymised after erasure in the table and the panel', async ({ page }) => {
    test.slow(); // a job runs on the worker between two screens
    const api = await curatorApi();
    const connectionId = await addModelConnection(api, 'Erasure models', ['erase-small']);
    const agentId = await createModelAgent(api, 'Billing desk', connectionId, 'erase-small');
    const [runId] = await recordConversation(api, {
      agentId,
      externalId: 'erasure-e2e-1',
      title: 'Double charge',
      endUser: PERSON,
      turns: [{ question: QUESTION, steps: [{ kind: 'TEXT', text: 'I refunded the second charge of order 5150.' }] }],
    });
    const datasetId = await createDataset(api, 'Billing cases', 'Questions about charges.');
    await api.request('mutation($i: AddCaseFromMessageInput!) { addCaseFromMessage(input: $i) { version } }', { i: { runId, datasetId } });

    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personal data' }).click();
    await expect(page.getByRole('heading', { name: 'Personal data', level: 1 })).toBeVisible();

    const person = page.getByRole('region', { name: 'A person' });
    await person.getByText('An end user').click();
    await person.getByRole('textbox', { name: 'End user' }).fill(PERSON);
    const download = page.waitForEvent('download');
    await person.getByRole('button', { name: 'Export their data' }).click();
    expect((await download).suggestedFilename()).toBe('end-user-data.json');

    await person.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('dialog', { name: `Erase ${PERSON}?` });
    await dialog.getByRole('button', { name: `Erase ${PERSON}` }).click();
    const progress = page.getByRole('region', { name: 'Erasure progress' });
    await expect(progress.getByRole('status')).toHaveText('Erased.', { timeout: 30_000 });
    await expect(progress).toContainText('1 case anonymised');
    await saveScreenshot(page, '90-personal-data');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto(datasetPath(datasetId));
    const row = page.getByRole('row').filter({ hasText: 'Anonymised after erasure' });
    await expect(row).toBeVisible();
    await expect(page.getByText(QUESTION)).toBeHidden();
    await saveScreenshot(page, '91-anonymised-in-cases-table');
    await row.getByRole('button', { name: /Open case/ }).click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByText('Anonymised after erasure').first()).toBeVisible();
    await saveScreenshot(page, '92-anonymised-case-panel');
  });
});
