import { accessibilityViolations } from './accessibility';
import { expect, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addModelConnection, createModelAgent, curatorApi, recordConversation, recordRating } from './seed';

test.describe('activity', () => {
  test('runs filtered by agent and rating; a run’s steps, tool calls expanding to their arguments, blocked shown; ratings with comments; rating it', async ({ page }) => {
    const api = await curatorApi();
    const connectionId = await addModelConnection(api, 'Activity models', ['orders-small']);
    const agentId = await createModelAgent(api, 'Order desk', connectionId, 'orders-small', [
      { name: 'lookup_order', readOnly: true, parameters: { type: 'object', properties: { order_id: { type: 'string' } } } },
      { name: 'issue_refund', readOnly: false },
    ]);
    const [shipped] = await recordConversation(api, {
      agentId,
      externalId: 'activity-dana-1',
      title: 'Order 1042',
      endUser: 'dana@example.test',
      turns: [
        {
          question: 'Where is my order 1042?',
          model: 'orders-small',
          costUsd: 0.0004,
          latencyMs: 1830,
          steps: [
            { kind: 'TOOL_CALL', toolName: 'lookup_order', arguments: { order_id: '1042' }, status: 'OK', result: '{"status": "shipped"}' },
            { kind: 'TEXT', text: 'Your order **1042** shipped yesterday.' },
          ],
        },
      ],
    });
    await recordRating(api, shipped as string, 'DOWN', 'It should give the tracking link.', 'dana@example.test');
    await recordConversation(api, {
      agentId,
      externalId: 'activity-lee-1',
      title: 'Refund',
      endUser: 'lee@example.test',
      turns: [
        {
          question: 'Refund order 1042, please.',
          isolated: true,
          steps: [
            { kind: 'TOOL_CALL', toolName: 'issue_refund', arguments: { order_id: '1042', amount: 30 }, status: 'BLOCKED' },
            { kind: 'TEXT', text: 'I cannot refund orders here.' },
          ],
        },
      ],
    });

    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();

    await page.getByRole('combobox', { name: 'Agent' }).click();
    await page.getByRole('option', { name: 'Order desk' }).click();
    const runs = page.getByRole('table', { name: 'Runs' });
    await expect(runs.getByRole('link', { name: 'Where is my order 1042?' })).toBeVisible();
    await expect(runs.getByRole('link', { name: 'Refund order 1042, please.' })).toBeVisible();
    await expect(runs.getByRole('row').filter({ hasText: 'Refund order 1042' })).toContainText('Isolated');
    await page.getByRole('combobox', { name: 'Rating' }).click();
    await page.getByRole('option', { name: 'Rated down' }).click();
    await expect(runs.getByRole('link', { name: 'Refund order 1042, please.' })).toBeHidden();
    await expect(page).toHaveURL(/rating=DOWN/);
    await saveScreenshot(page, '70-activity');
    expect(await accessibilityViolations(page)).toEqual([]);

    await runs.getByRole('link', { name: 'Where is my order 1042?' }).click();
    await expect(page.getByRole('heading', { name: 'Where is my order 1042?', level: 1 })).toBeVisible();
    const thread = page.getByRole('region', { name: 'Question and reply' });
    await thread.getByRole('button', { name: /lookup_order Succeeded/ }).click();
    await expect(thread.getByRole('cell', { name: 'order_id' })).toBeVisible();
    await expect(thread.getByRole('cell', { name: '1042', exact: true })).toBeVisible();
    await expect(thread.getByText('{"status": "shipped"}')).toBeVisible();
    await expect(thread.getByRole('group', { name: 'Order desk: answer' }).locator('strong', { hasText: '1042' })).toBeVisible();
    await expect(page.getByText('< $0.01')).toBeVisible();
    const ratings = page.getByRole('region', { name: 'Ratings' });
    await expect(ratings).toContainText('dana@example.test');
    await expect(ratings).toContainText('It should give the tracking link.');
    await saveScreenshot(page, '71-run-detail');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Your own rating: thumbs down asks what went wrong; your comment joins the others.
    await ratings.getByRole('button', { name: 'Thumbs down' }).click();
    const wrong = page.getByRole('dialog', { name: 'What went wrong?' });
    await wrong.getByRole('textbox', { name: 'Comment' }).fill('No tracking link, again.');
    await wrong.getByRole('button', { name: 'Rate down' }).click();
    await expect(wrong).toBeHidden();
    await expect(ratings.getByRole('button', { name: 'Thumbs down' })).toHaveAttribute('aria-pressed', 'true');
    await expect(ratings).toContainText('No tracking link, again.');

    // The way back keeps the filters; the blocked write of the isolated run is said so.
    await page.getByRole('main').getByRole('link', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/rating=DOWN/);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await runs.getByRole('link', { name: 'Refund order 1042, please.' }).click();
    await page.getByRole('button', { name: /issue_refund Blocked/ }).click();
    await expect(page.getByText('An isolated run never executes a tool that is not read-only')).toBeVisible();
  });
});
