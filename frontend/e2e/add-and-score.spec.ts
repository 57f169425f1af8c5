import { accessibilityViolations } from './accessibility';
import { expect, saveElementScreenshot, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addModelConnection, addScriptedModelConnection, createDataset, createModelAgent, curatorApi, datasetPath, recordConversation, setJudge } from './seed';

test.describe('add to dataset and score, from Activity', () => {
  test('a dataset’s Add from Activity keeps a reply as a reference with its expected tool calls, then the run is scored against that case', async ({ page }) => {
    test.slow(); // a walk through three screens and three dialogs
    const api = await curatorApi();
    const connectionId = await addModelConnection(api, 'Refund models', ['refund-small']);
    const agentId = await createModelAgent(api, 'Refund desk', connectionId, 'refund-small', [
      { name: 'lookup_order', readOnly: true },
      { name: 'issue_refund', readOnly: false },
    ]);
    const datasetId = await createDataset(api, 'Refund cases', 'Refunds the agent should make.');
    await setJudge(api, datasetId, await addScriptedModelConnection(api, 'Scripted judges', ['judge-small']), 'judge-small');
    await recordConversation(api, {
      agentId,
      externalId: 'refund-kim-1',
      title: 'Refund for Kim',
      endUser: 'kim@example.test',
      turns: [
        {
          question: 'Please refund order 2077.',
          steps: [
            { kind: 'TOOL_CALL', toolName: 'lookup_order', arguments: { order_id: '2077' }, status: 'OK', result: '{"status": "delivered"}' },
            { kind: 'TOOL_CALL', toolName: 'issue_refund', arguments: { order_id: '2077' }, status: 'OK', result: '{"refunded": true}' },
            { kind: 'TEXT', text: 'Order 2077 is refunded: the money is back within 5 days.' },
          ],
        },
      ],
    });

    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    await page.goto(`/activity?dataset=${encodeURIComponent(datasetId)}`);
    await expect(page.getByText('Adding to “Refund cases”')).toBeVisible();
    await page.getByRole('table', { name: 'Runs' }).getByRole('link', { name: 'Please refund order 2077.' }).click();
    await expect(page.getByRole('heading', { name: 'Please refund order 2077.', level: 1 })).toBeVisible();
    await saveScreenshot(page, '72-run-detail-add-to-dataset');

    // Once per reply, on its last step.
    const thread = page.getByRole('region', { name: 'Question and reply' });
    await expect(thread.getByRole('button', { name: 'Add to dataset' })).toHaveCount(1);
    await thread.getByRole('button', { name: 'Add to dataset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to dataset' });
    await expect(dialog.getByRole('combobox', { name: 'Dataset' })).toHaveValue('Refund cases');
    await expect(dialog.getByRole('radio', { name: 'Reference answer' })).toBeChecked();
    // Kim's conversation is private to Kim: the dialog names its owner and warns.
    await expect(dialog.getByRole('alert', { name: 'kim@example.test’s private conversation' })).toContainText('shown to the dataset');
    // The write that succeeded becomes an expected call; the read-only lookup does not.
    const expected = dialog.getByRole('group', { name: 'Expected tool calls' });
    await expect(expected).toContainText('issue_refund');
    await expect(expected).not.toContainText('lookup_order');
    expect(await accessibilityViolations(page)).toEqual([]);
    await saveElementScreenshot(dialog, '74-add-to-dataset');
    await dialog.getByRole('button', { name: 'Add to dataset' }).click();
    const added = dialog.getByRole('status');
    await expect(added).toContainText('Added to “Refund cases”');
    await expect(added).toContainText('reference answer');

    // Added twice is refused, and names the case.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await thread.getByRole('button', { name: 'Add to dataset' }).click();
    await dialog.getByRole('button', { name: 'Add to dataset' }).click();
    await expect(dialog.getByRole('alert', { name: 'Already a case' })).toContainText('already a case of the newest version of “Refund cases”');
    await expect(dialog.getByRole('link', { name: 'Open the case' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Score against a case: the dataset with a case asking this question, that case picked.
    await page.getByRole('button', { name: 'More run actions' }).click();
    await page.getByRole('menuitem', { name: 'Score against a case' }).click();
    const score = page.getByRole('dialog', { name: 'Score against a case' });
    await expect(score.getByRole('combobox', { name: 'Dataset' })).toHaveValue(/Refund cases/);
    await expect(score.getByRole('radio', { name: 'Please refund order 2077.' })).toBeChecked();
    // The judge that will grade and its model, each changed on the dataset's Settings, not here.
    await expect(score.getByRole('group', { name: 'Judge' })).toContainText('Graded by the judge Scripted judges on judge-small.');
    await expect(score.getByRole('link', { name: 'Change the judge' })).toHaveAttribute('href', `${datasetPath(datasetId, '?tab=settings')}`);
    await expect(score.getByRole('link', { name: 'Change its model' })).toHaveAttribute('href', `${datasetPath(datasetId, '?tab=settings')}`);
    await score.getByRole('button', { name: 'Score', exact: true }).click();
    await expect(score.getByRole('region', { name: 'Score' })).toBeVisible();
    await expect(score.getByRole('table', { name: 'Scorers' })).toContainText('Expected tool calls');
    await saveElementScreenshot(score, '73-score-against-a-case');

    // The way back to the dataset: the case keeps the answer as reference and the expected call.
    await score.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('link', { name: 'Back to “Refund cases”' }).click();
    await page.getByRole('button', { name: 'Open case: Please refund order 2077.' }).click();
    const view = page.getByRole('dialog', { name: 'Case' });
    await expect(view.getByRole('group', { name: 'Reference answer' })).toContainText('Order 2077 is refunded');
    await expect(view.getByRole('region', { name: 'Expected tool calls' })).toContainText('issue_refund');
    // And from the case, the way back to the run it was taken from.
    await view.getByRole('link', { name: 'Its run in Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Please refund order 2077.', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/activity\/runs\//);
  });
});
