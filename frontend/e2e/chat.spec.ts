import { accessibilityViolations } from './accessibility';
import { expect, saveElementScreenshot, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addScriptedModelConnection, createDataset, createModelAgent, curatorApi, scriptedToolUrl } from './seed';

test.describe('chat', () => {
  test('asks an agent, reads its tool calls and answer, points out a follow-up; thumbs-down with a comment adds the answer as a counter-example with the note', async ({ page }) => {
    const api = await curatorApi();
    const connectionId = await addScriptedModelConnection(api, 'Scripted models', ['scripted-small']);
    await createModelAgent(api, 'Returns desk', connectionId, 'scripted-small', [
      { name: 'lookup_order', readOnly: true, endpoint: scriptedToolUrl('lookup_order'), parameters: { type: 'object', properties: { order_id: { type: 'string' } } } },
    ]);
    await createDataset(api, 'Chat returns', 'Answers about returns, taken from the chat.');

    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
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

    // Shift+Enter starts a new line; Enter sends.
    await question.fill('What about');
    await question.press('Shift+Enter');
    await expect(question).toHaveValue('What about\n');
    await question.fill('What about the return window?');
    await expect(page.getByRole('note')).toContainText('This reads as a follow-up');
    await question.press('Enter');
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

    // Thumbs down asks what went wrong, and offers to add the answer as a counter-example: two writes.
    const rateSecond = conversation.getByRole('group', { name: 'Rate this answer' }).nth(1);
    await rateSecond.getByRole('button', { name: 'Thumbs down' }).click();
    const wrong = page.getByRole('dialog', { name: 'What went wrong?' });
    await wrong.getByRole('textbox', { name: 'Comment' }).fill('It is 30 days now.');
    await wrong.getByRole('checkbox', { name: 'Add this answer to a dataset' }).check();
    await wrong.getByRole('combobox', { name: 'Dataset' }).click();
    await page.getByRole('option', { name: 'Chat returns' }).click();
    // A follow-up after an earlier turn: the conversation may come too, starting from Only this question.
    await expect(wrong.getByRole('radio', { name: 'Only this question' })).toBeChecked();
    await expect(wrong.getByRole('note')).toContainText('This question is a follow-up');
    await expect(wrong.getByRole('group', { name: 'Counter-example' })).toContainText('Returns are accepted within 14 days of delivery.');
    await saveElementScreenshot(wrong, '81-chat-thumbs-down-add');
    await wrong.getByRole('button', { name: 'Rate down and add' }).click();
    await expect(wrong).toBeHidden();
    await expect(rateSecond.getByRole('button', { name: 'Thumbs down' })).toHaveAttribute('aria-pressed', 'true');
    const added = conversation.getByRole('status').filter({ hasText: 'Added to “Chat returns”' });
    await expect(added).toContainText('counter-example');

    // The case: the question as input, the answer as counter-example, the comment as note.
    await added.getByRole('link', { name: 'Open “Chat returns”' }).click();
    const view = page.getByRole('dialog', { name: 'Case' });
    await expect(view.getByRole('group', { name: 'Question' })).toHaveText('What about the return window?');
    await expect(view.getByRole('group', { name: 'Counter-example: known to be wrong' })).toContainText('Returns are accepted within 14 days of delivery.');
    await expect(view).toContainText('It is 30 days now.');
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();

    // The console remembers the dataset: the thumbs-up's Add to dataset starts on it.
    const rateFirstAgain = page.getByRole('region', { name: 'Conversation' }).getByRole('group', { name: 'Rate this answer' }).first();
    await rateFirstAgain.getByRole('button', { name: 'Thumbs up' }).click(); // yours again: removed
    await expect(rateFirstAgain.getByRole('button', { name: 'Thumbs up' })).toHaveAttribute('aria-pressed', 'false');
    await rateFirstAgain.getByRole('button', { name: 'Thumbs up' }).click();
    await page.getByRole('region', { name: 'Conversation' }).getByRole('status').getByRole('button', { name: 'Add to dataset' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add to dataset' });
    await expect(addDialog.getByRole('combobox', { name: 'Dataset' })).toHaveValue('Chat returns');
    await expect(addDialog.getByRole('radio', { name: 'Reference answer' })).toBeChecked();
    // A first question is not asked about the conversation.
    await expect(addDialog.getByText('The turns before the question')).toBeHidden();
    await addDialog.getByRole('button', { name: 'Cancel' }).click();

    // The conversation is in the address: a reload opens it again.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Conversation' }).getByRole('group', { name: 'Returns desk: answer' })).toHaveCount(2);
  });
});
