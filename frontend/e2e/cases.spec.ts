import { readFileSync } from 'node:fs';
import { accessibilityViolations } from './accessibility';
import { dismissNotifications, expect, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addCase, createDataset, curatorApi, datasetPath } from './seed';

const BAD_CSV = [
  'input,reference_answer,checks,tags',
  'How long is the return window?,30 days from delivery,,returns',
  'Can I return a used kettle?,,,returns',
  'What is your phone number?,Call us,"[{""type"": ""contains""}, {""type"": ""length"", ""unit"": ""pages""}]",support',
].join('\n');

const GOOD_CSV = [
  'input,reference_answer,counter_example,tags',
  'How long is the return window?,30 days from delivery,Forever,returns',
  '"Can I return a used kettle?","No, only unused items",,"returns,kettles"',
].join('\n');

test.describe('cases', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
  });

  test('a case written through the form, its field errors, and its twin', async ({ page }) => {
    const datasetId = await createDataset(await curatorApi(), 'Refunds, written by hand');
    await page.goto(datasetPath(datasetId));
    await page.getByRole('button', { name: 'Add case', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'New case' });
    await form.getByRole('textbox', { name: 'Input' }).fill('Where is my refund for order 12345?');
    await form.getByRole('textbox', { name: 'Reference answer' }).fill('Refunds reach your card within **5 working days** of the return arriving.');

    await form.getByRole('button', { name: 'Conversation before the input' }).click();
    await form.getByRole('button', { name: 'Add a turn' }).click();
    await form.getByRole('textbox', { name: 'Turn 1: what was said' }).fill('I returned a kettle last week.');
    await form.getByRole('button', { name: 'Add a turn' }).click();
    await expect(form.getByRole('combobox', { name: 'Turn 2: who' })).toHaveValue('Agent');
    await form.getByRole('textbox', { name: 'Turn 2: what was said' }).fill('Sorry to hear that. What is the order number?');
    await form.getByRole('button', { name: 'Move turn 2 up' }).click();
    await expect(form.getByRole('textbox', { name: 'Turn 1: what was said' })).toHaveValue('Sorry to hear that. What is the order number?');
    await form.getByRole('button', { name: 'Move turn 1 down' }).click();
    await expect(form.getByRole('textbox', { name: 'Turn 1: what was said' })).toHaveValue('I returned a kettle last week.');

    await form.getByRole('button', { name: 'Expected tool calls' }).click();
    await form.getByRole('button', { name: 'Add a tool call' }).click();
    await form.getByRole('textbox', { name: 'Tool 1', exact: true }).fill('lookup_order');
    await form.getByRole('textbox', { name: 'Tool 1, argument 1: name' }).fill('order_id');
    await form.getByRole('textbox', { name: 'Tool 1, argument 1: value' }).fill('"12345"');
    await form.getByRole('button', { name: 'Add an argument to tool 1' }).click();
    await form.getByRole('textbox', { name: 'Tool 1, argument 2: name' }).fill('include_returns');
    await form.getByRole('textbox', { name: 'Tool 1, argument 2: value' }).fill('true');

    await form.getByRole('button', { name: 'Checks' }).click();
    await form.getByRole('button', { name: 'Add a check' }).click();
    await form.getByRole('combobox', { name: 'Check 1' }).click();
    await page.getByRole('option', { name: 'Matches a pattern' }).click();
    await form.getByRole('textbox', { name: 'Check 1: pattern' }).fill('(5 working');
    await form.getByRole('button', { name: 'Labels and note' }).click();
    await form.getByRole('combobox', { name: 'Tags' }).fill('billing');
    await form.getByRole('combobox', { name: 'Tags' }).press('Enter');
    await expect(form.getByText('Saving creates version 1')).toBeVisible();
    await form.getByRole('button', { name: 'Add case' }).click();

    // The API's refusal lands on the field it names.
    await expect(form.getByRole('alert').filter({ hasText: 'The case was not saved' })).toBeVisible();
    await expect(form.getByText(/is not a valid pattern/)).toBeVisible();
    await saveScreenshot(page, '20-case-form-field-error');
    await form.getByRole('textbox', { name: 'Check 1: pattern' }).fill('5 working days?');
    await form.getByRole('button', { name: 'Add case' }).click();

    const view = page.getByRole('dialog', { name: 'Case' });
    await expect(view.getByRole('group', { name: 'Question' })).toHaveText('Where is my refund for order 12345?');
    await view.getByRole('button', { name: 'Show 2 earlier turns' }).click();
    await expect(view.getByRole('group', { name: 'Turn 1: user' })).toHaveText('I returned a kettle last week.');
    await view.getByRole('button', { name: /lookup_order/ }).click();
    await expect(view.getByRole('cell', { name: 'include_returns' })).toBeVisible();
    await expect(view.getByRole('cell', { name: '12345' })).toBeVisible();
    await expect(view.getByText('Matches /5 working days?/')).toBeVisible();
    await dismissNotifications(page);
    await view.getByRole('button', { name: 'Close the case' }).click();

    // The same question again, in other case and spacing, stops at its twin.
    await page.getByRole('button', { name: 'Add case', exact: true }).click();
    await form.getByRole('textbox', { name: 'Input' }).fill('  where is my REFUND for order   12345? ');
    await form.getByRole('textbox', { name: 'Counter-example' }).fill('Your refund was sent today.');
    await form.getByRole('button', { name: 'Add case' }).click();
    const twin = page.getByRole('dialog', { name: 'A case already asks this' });
    await expect(twin).toContainText('Where is my refund for order 12345?');
    await saveScreenshot(page, '21-twin-dialog');
    await twin.getByRole('button', { name: 'Add anyway' }).click();
    await expect(view.getByRole('group', { name: 'Question' })).toContainText('where is my REFUND');
    await expect(view.getByText('v2', { exact: true })).toBeVisible();
    await dismissNotifications(page);
    await view.getByRole('button', { name: 'Close the case' }).click();

    // Open it: read the twin instead; the new case stays kept in the browser.
    await page.getByRole('button', { name: 'Add case', exact: true }).click();
    await form.getByRole('textbox', { name: 'Input' }).fill('Where is my refund for order 12345?');
    await form.getByRole('textbox', { name: 'Reference answer' }).fill('Within five working days.');
    await form.getByRole('button', { name: 'Add case' }).click();
    await twin.getByRole('button', { name: 'Open it' }).first().click();
    await expect(view.getByRole('group', { name: 'Question' })).toBeVisible();
    await dismissNotifications(page);
    await view.getByRole('button', { name: 'Close the case' }).click();
    const kept = page.getByRole('region', { name: /^A new case “Where is my refund for order 12345\?”: unsaved changes$/ });
    await expect(kept).toBeVisible();
    await kept.getByRole('button', { name: 'Discard' }).click();
    await expect(kept).toBeHidden();
  });

  test('an import lists every refused row with its reasons; a good file imports as one version', async ({ page }) => {
    const datasetId = await createDataset(await curatorApi(), 'Returns, from a file');
    await page.goto(datasetPath(datasetId));
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import cases' });
    for (const column of ['input', 'history', 'reference_answer', 'counter_example', 'expected_tool_calls', 'order_mode', 'checks', 'tags', 'note']) {
      await expect(dialog.getByRole('cell', { name: column, exact: true })).toBeVisible();
    }
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download a template' }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('casebook-import-template.csv');
    expect(readFileSync(await template.path(), 'utf8')).toMatch(/^input,history,reference_answer,counter_example,expected_tool_calls,order_mode,checks,tags,note/);
    await saveScreenshot(page, '22-import-dialog');

    const choose = async (name: string, content: string) => {
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Choose file' }).click();
      await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
    };
    await choose('returns-bad.csv', BAD_CSV);
    const refusal = dialog.getByRole('alert').filter({ hasText: '2 rows were refused: nothing was imported' });
    await expect(refusal).toBeVisible();
    const rows = refusal.getByRole('list', { name: 'Refused rows' });
    await expect(rows).toContainText('Row 2');
    await expect(rows).toContainText('reference_answer');
    await expect(rows).toContainText('Row 3');
    await expect(rows).toContainText('checks.0.value');
    await expect(rows).toContainText('checks.1.unit');
    await expect(rows).not.toContainText('Row 1');
    await saveScreenshot(page, '23-import-refused');
    expect(await accessibilityViolations(page)).toEqual([]);

    await choose('returns.csv', GOOD_CSV);
    await expect(page.getByText('Imported 2 cases as version 1')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open case: Can I return a used kettle?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show only cases tagged kettles' })).toBeVisible();
    await saveScreenshot(page, '24-cases-table-1280');

    // The table and the side panel are reachable from the keyboard.
    await page.getByRole('button', { name: 'Open case: How long is the return window?' }).focus();
    await page.keyboard.press('Enter');
    const view = page.getByRole('dialog', { name: 'Case' });
    await expect(view.getByRole('group', { name: 'Question' })).toHaveText('How long is the return window?');
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();

    // Full screen covers the shell; the control says whether it is on.
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.getByRole('button', { name: 'Leave full screen' })).toHaveAttribute('aria-pressed', 'true');
    await saveScreenshot(page, '31-full-screen');
    await page.getByRole('button', { name: 'Leave full screen' }).click();
    await expect(page.getByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'false');

    // Tag filter and search narrow the table.
    await page.getByRole('button', { name: 'Show only cases tagged kettles' }).click();
    await expect(page.getByRole('button', { name: 'Open case: How long is the return window?' })).toBeHidden();
    await page.getByRole('combobox', { name: 'Filter by tag' }).click();
    await page.getByRole('option', { name: 'kettles' }).click();
    await page.getByRole('textbox', { name: 'Search cases' }).fill('window');
    await expect(page.getByRole('button', { name: 'Open case: How long is the return window?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open case: Can I return a used kettle?' })).toBeHidden();
    // The tag filter offers every tag of the version, not only the tags of the rows on screen.
    await page.getByRole('combobox', { name: 'Filter by tag' }).click();
    await expect(page.getByRole('option', { name: 'kettles' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('a case opens from the table and from its link; an edit is a new version and the old one stays readable', async ({ page }) => {
    const api = await curatorApi();
    const datasetId = await createDataset(api, 'Order questions', 'Cancelling, changing and tracking orders.');
    await addCase(api, datasetId, { input: 'Can I change the address of order 881?', referenceAnswer: 'Yes, until it ships.', tags: ['orders'] });
    const seeded = await addCase(api, datasetId, {
      input: 'Cancel order 12345, please.',
      history: [
        { role: 'user', content: 'Hi, I ordered the wrong size.' },
        { role: 'assistant', content: 'I can help. Which order is it?' },
      ],
      referenceAnswer: '**Done**: order 12345 is cancelled and the refund is on its way.\n\n- The refund takes *5 working days*.\n- ![receipt](https://images.example.test/receipt.png)',
      counterExample: 'I cannot cancel orders. Please call support.',
      expectedToolCalls: [{ tool: 'cancel_order', args: { order_id: '12345', notify: true } }],
      checks: [{ contains: { value: 'cancelled' } }, { length: { max: 80, unit: 'WORDS' } }],
      tags: ['orders', 'cancel'],
      note: 'The agent used to refuse cancellations it could make.',
    });
    await page.goto(datasetPath(datasetId));
    await page.getByRole('button', { name: 'Open case: Cancel order 12345, please.' }).click();
    const view = page.getByRole('dialog', { name: 'Case' });
    await expect(view.getByRole('group', { name: 'Reference answer' })).toContainText('order 12345 is cancelled');
    await expect(view.getByRole('link', { name: 'Image: receipt' })).toHaveAttribute('href', 'https://images.example.test/receipt.png');
    await expect(view.locator('img')).toHaveCount(0);
    await expect(view.getByRole('group', { name: 'Counter-example: known to be wrong' })).toBeVisible();
    await saveScreenshot(page, '25-case-view-1280');
    expect(await accessibilityViolations(page)).toEqual([]);
    await dismissNotifications(page);
    await view.getByRole('button', { name: 'Close the case' }).click();

    // The deep link opens the case directly; on a wide screen the answers sit side by side.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(datasetPath(datasetId, `?tab=cases&case=${encodeURIComponent(seeded.id)}`));
    await expect(view.getByRole('group', { name: 'Question' })).toHaveText('Cancel order 12345, please.');
    const reference = await view.getByRole('group', { name: 'Reference answer' }).boundingBox();
    const counter = await view.getByRole('group', { name: 'Counter-example: known to be wrong' }).boundingBox();
    expect(reference && counter && Math.abs(reference.y - counter.y) < 2 && counter.x > reference.x).toBe(true);
    await saveScreenshot(page, '26-case-view-1920');
    await page.goto(datasetPath(datasetId));
    await expect(page.getByRole('button', { name: 'Open case: Cancel order 12345, please.' })).toBeVisible();
    await saveScreenshot(page, '27-cases-table-1920');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Edit: the form names the version a save creates.
    await page.goto(datasetPath(datasetId, `?tab=cases&case=${encodeURIComponent(seeded.id)}`));
    await view.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit case' });
    await expect(form.getByText('Saving creates version 3')).toBeVisible();
    await form.getByRole('textbox', { name: 'Reference answer' }).fill('Order 12345 is cancelled; the refund reaches your card in 5 working days.');
    await saveScreenshot(page, '28-case-form');
    await form.getByRole('button', { name: 'Save case' }).click();
    await expect(view.getByRole('group', { name: 'Reference answer' })).toContainText('reaches your card in 5 working days');
    await expect(view.getByText('v3', { exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Version' })).toHaveValue(/^v3 \(newest\)/);

    // Version 2 still holds the case as it was, read-only: from the case itself, and from the version list.
    await view.getByRole('button', { name: 'Read the revision before' }).click();
    await expect(view.getByText('v2 · read-only')).toBeVisible();
    await expect(view.getByRole('group', { name: 'Reference answer' })).toContainText('order 12345 is cancelled and the refund is on its way');
    await expect(view.getByRole('button', { name: 'Edit' })).toBeHidden();
    await dismissNotifications(page);
    await view.getByRole('button', { name: 'Close the case' }).click();
    await page.getByRole('button', { name: 'Go to the newest version' }).click();
    await page.getByRole('combobox', { name: 'Version' }).click();
    await page.getByRole('option', { name: /^v2 · 1 case added/ }).click();
    await expect(page.getByText('You are reading version 2, an older version')).toBeVisible();
    await page.getByRole('button', { name: 'Open case: Cancel order 12345, please.' }).click();
    await expect(view.getByRole('group', { name: 'Reference answer' })).toContainText('order 12345 is cancelled and the refund is on its way');
    await dismissNotifications(page);
    await view.getByRole('button', { name: 'Close the case' }).click();
    await expect(page.getByRole('button', { name: 'Add case' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Import' })).toBeHidden();
    await saveScreenshot(page, '29-older-version-read-only');

    // Export the version on screen.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'As JSONL' }).click();
    const file = await download;
    const lines = readFileSync(await file.path(), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).toContain('order 12345 is cancelled and the refund is on its way');

    // Open by number.
    await page.getByRole('button', { name: 'Open by number' }).click();
    await page.getByRole('textbox', { name: 'Version number' }).fill('1');
    await page.getByRole('button', { name: 'Open version' }).click();
    await expect(page.getByText('You are reading version 1, an older version')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Open case: Cancel order/ })).toBeHidden();
    await page.getByRole('button', { name: 'Go to the newest version' }).click();
    await expect(page.getByRole('button', { name: 'Add case' })).toBeVisible();
  });

  test('Edit as JSON shows the case in the import shape and takes edits back', async ({ page }) => {
    const api = await curatorApi();
    const datasetId = await createDataset(api, 'JSON edits');
    const seeded = await addCase(api, datasetId, { input: 'Is the store open on Sundays?', referenceAnswer: 'Yes, 10:00 to 16:00.', tags: ['hours'] });
    await page.goto(datasetPath(datasetId, `?tab=cases&case=${encodeURIComponent(seeded.id)}&edit=1`));
    const form = page.getByRole('dialog', { name: 'Edit case' });
    await form.getByRole('button', { name: 'Edit as JSON' }).click();
    const json = form.getByRole('textbox', { name: 'The case as JSON' });
    const shown = JSON.parse(await json.inputValue()) as Record<string, unknown>;
    expect(Object.keys(shown)).toEqual(['input', 'history', 'reference_answer', 'counter_example', 'expected_tool_calls', 'order_mode', 'checks', 'tags', 'note']);
    await saveScreenshot(page, '30-edit-as-json');

    await json.fill(JSON.stringify({ ...shown, tags: ['hours', 'weekend'], checks: [{ type: 'nope' }] }, null, 2));
    await form.getByRole('button', { name: 'Back to the form' }).click();
    await expect(form.getByRole('list', { name: 'Problems in the JSON' })).toContainText('checks.0.type');
    await json.fill(JSON.stringify({ ...shown, tags: ['hours', 'weekend'], checks: [{ type: 'contains', value: '16:00' }] }, null, 2));
    await form.getByRole('button', { name: 'Back to the form' }).click();
    await expect(form.getByRole('textbox', { name: 'Check 1: value' })).toHaveValue('16:00');
    await form.getByRole('button', { name: 'Save case' }).click();
    const view = page.getByRole('dialog', { name: 'Case' });
    await expect(view.getByText('Contains “16:00”')).toBeVisible();
    await expect(view.getByRole('region', { name: 'Tags' })).toContainText('weekend');
  });
});
