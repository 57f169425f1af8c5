import { accessibilityViolations } from './accessibility';
import { expect, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addScriptedModelConnection, createModelAgent, curatorApi, scriptedToolUrl } from './seed';

test.describe('chat', () => {
  test('asks an agent, reads its tool calls and answer, points out a follow-up, rates up and down', async ({ page }) => {
    const api = await curatorApi();
    const connectionId = await addScriptedModelConnection(api, 'Scripted models', ['scripted-small']);
    await createModelAgent(api, 'Returns desk', connectionId, 'scripted-small', [
      { name: 'lookup_order', readOnly: true, endpoint: scriptedToolUrl('lookup_order'), parameters: { type: 'object', properties: { order_id: { type: 'string' } } } },
    ]);

    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).click();
    await expect(page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Agent' }).click();
    await page.getByRole('option', { name: 'Returns desk' }).click();

    const question = page.getByRole('textbox', { name: 'Your question' });
    const conversation = page.getByRole('region', { name: 'Conversation' });
    // A first question is never taken for a follow-up, whatever its first word.
    await question.fill('And where is order 1042?');
    await expect(page.getByRole('note')).toBeHidden();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(conversation.getByRole('group', { name: 'Returns desk: answer' })).toContainText('shipped');
    await expect(page).toHaveURL(/conversation=/);
    await conversation.getByRole('button', { name: /lookup_order Succeeded/ }).click();
    await expect(conversation.getByRole('cell', { name: '1042', exact: true })).toBeVisible();

    await question.fill('What about the return window?');
    await expect(page.getByRole('note')).toContainText('This reads as a follow-up');
    await page.getByRole('button', { name: 'Send' }).click();
    const answers = conversation.getByRole('group', { name: 'Returns desk: answer' });
    await expect(answers.nth(1)).toHaveText('Returns are accepted within 14 days of delivery.');
    await expect(conversation.getByText('Follow-up')).toHaveCount(1);

    // Thumbs up is saved at once and confirmed.
    const rateFirst = conversation.getByRole('group', { name: 'Rate this answer' }).first();
    await rateFirst.getByRole('button', { name: 'Thumbs up' }).click();
    await expect(conversation.getByRole('status').filter({ hasText: 'Rated up' })).toBeVisible();
    await expect(rateFirst.getByRole('button', { name: 'Thumbs up' })).toHaveAttribute('aria-pressed', 'true');
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, '80-chat');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Thumbs down asks what went wrong.
    const rateSecond = conversation.getByRole('group', { name: 'Rate this answer' }).nth(1);
    await rateSecond.getByRole('button', { name: 'Thumbs down' }).click();
    const wrong = page.getByRole('dialog', { name: 'What went wrong?' });
    await wrong.getByRole('textbox', { name: 'Comment' }).fill('It is 30 days now.');
    await wrong.getByRole('button', { name: 'Rate down' }).click();
    await expect(wrong).toBeHidden();
    await expect(rateSecond.getByRole('button', { name: 'Thumbs down' })).toHaveAttribute('aria-pressed', 'true');

    // The conversation is in the address: a reload opens it again.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Conversation' }).getByRole('group', { name: 'Returns desk: answer' })).toHaveCount(2);
  });
});
