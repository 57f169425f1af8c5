import { accessibilityViolations } from './accessibility';
import { dismissNotifications, expect, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addModelConnection, createModelAgent, curatorApi } from './seed';

const RETURNS_MD = `# Returns

Items can be returned within 30 days of delivery.

## Refunds

A refund reaches the original payment method within 5 business days after the parcel arrives.

## Exchanges

An exchange ships as soon as the returned item is scanned.
`;

test.describe('knowledge', () => {
  test('a knowledge base is created, refuses a file of another kind and a blank one on the control, splits a Markdown document into passages and finds them; its page shares, edits and deletes it', async ({ page }) => {
    test.slow(); // three uploads, a search and four accessibility checks in one walk
    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge' }).click();
    await expect(page.getByRole('heading', { name: 'Knowledge', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Create knowledge base' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create knowledge base' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Return policies');
    await create.getByRole('textbox', { name: 'Description' }).fill('How returns, refunds and exchanges work.');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name: 'Return policies', level: 1 })).toBeVisible();
    await expect(page.getByText('No documents yet.')).toBeVisible();

    const upload = page.getByRole('form', { name: 'Upload a document' });
    const fileControl = upload.getByRole('button', { name: 'Document' });
    const choose = async (name: string, mimeType: string, content: string) => {
      const chooser = page.waitForEvent('filechooser');
      await fileControl.click();
      await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(content) });
    };
    await expect(upload).toContainText('A .txt or .md file of at most 1 MB (1,048,576 bytes), in UTF-8.');

    // Another kind of file is named on the control before anything is sent.
    await choose('policy.pdf', 'application/pdf', '%PDF-1.4 not text');
    await expect(fileControl).toHaveAttribute('aria-invalid', 'true');
    await expect(upload.getByText('policy.pdf is not a .txt or .md file: a knowledge base reads plain text and Markdown only.')).toBeVisible();
    await saveScreenshot(page, '80-knowledge-refused-upload');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A file of nothing but whitespace passes the console's checks; the API's refusal lands on the same control.
    await choose('blank.md', 'text/markdown', ' \n\n  \n');
    await expect(fileControl).not.toHaveAttribute('aria-invalid', 'true');
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The document was not uploaded' })).toBeVisible();
    await expect(fileControl).toHaveAttribute('aria-invalid', 'true');

    await choose('returns.md', 'text/markdown', RETURNS_MD);
    await upload.getByRole('textbox', { name: 'Title' }).fill('Returns guide');
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Split into 3 passages, searchable now.')).toBeVisible();
    await dismissNotifications(page);
    const documents = page.getByRole('table', { name: 'Documents' });
    const row = documents.getByRole('row', { name: /Returns guide/ });
    await expect(row).toContainText('returns.md');
    await expect(row).toContainText('Markdown');
    await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
    await saveScreenshot(page, '81-knowledge-base');
    expect(await accessibilityViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Returns guide', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Passages of “Returns guide”' });
    const passages = drawer.getByRole('list', { name: 'Passages' }).getByRole('listitem');
    await expect(passages).toHaveCount(3);
    await expect(passages.nth(0)).toContainText('1. Returns');
    await expect(passages.nth(0)).toContainText('Items can be returned within 30 days of delivery.');
    await expect(passages.nth(1)).toContainText('2. Returns › Refunds');
    await expect(passages.nth(1)).toContainText('A refund reaches the original payment method within 5 business days');
    await saveScreenshot(page, '82-knowledge-passages');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const search = page.getByRole('search', { name: 'Search this knowledge base' });
    await search.getByRole('textbox', { name: 'Search passages' }).fill('refund payment');
    await search.getByRole('button', { name: 'Search' }).click();
    const hits = page.getByRole('list', { name: 'Search hits' }).getByRole('listitem');
    await expect(hits.first()).toContainText('Returns guide');
    await expect(hits.first()).toContainText('Returns › Refunds');
    await expect(hits.first()).toContainText('A refund reaches the original payment method');
    await saveScreenshot(page, '83-knowledge-search');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Sharing is the dialog datasets and agents share with; details change without leaving the page.
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share “Return policies”' });
    await expect(share.getByRole('switch', { name: 'Private' })).not.toBeChecked();
    await expect(share.getByText('Nobody has a grant on this knowledge base yet.')).toBeVisible();
    await share.getByRole('button', { name: 'Close dialog' }).click();
    await page.getByRole('button', { name: 'Edit details' }).click();
    const details = page.getByRole('dialog', { name: 'Edit details' });
    await details.getByRole('textbox', { name: 'Description' }).fill('How returns, refunds and exchanges work, for support agents.');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(details).toBeHidden();
    await expect(page.getByText('How returns, refunds and exchanges work, for support agents.')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge' }).click();
    const bases = page.getByRole('table', { name: 'Knowledge bases' });
    const listed = bases.getByRole('row', { name: /Return policies/ });
    await expect(listed).toContainText('How returns, refunds and exchanges work, for support agents.');
    await expect(listed.getByRole('cell', { name: '1', exact: true })).toBeVisible();

    // Deleting says what goes with it, then leaves the base out of the list.
    await listed.getByRole('link', { name: 'Return policies' }).click();
    await page.getByRole('button', { name: 'More knowledge base actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete knowledge base' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete “Return policies”?' });
    await expect(confirmDelete).toContainText('Its one document and every passage go with it.');
    await confirmDelete.getByRole('button', { name: 'Delete knowledge base' }).click();
    await expect(page.getByRole('heading', { name: 'Knowledge', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return policies' })).toHaveCount(0);
  });

  test('a model agent’s page attaches a knowledge base and detaches it, each a new version', async ({ page }) => {
    const api = await curatorApi();
    const base = await api.request<{ createKnowledgeBase: { knowledgeBase: { id: string } } }>(
      'mutation($input: CreateKnowledgeBaseInput!) { createKnowledgeBase(input: $input) { knowledgeBase { id } } }',
      { input: { name: 'Shipping notes', description: 'Carriers and delivery times.' } },
    );
    expect(base.createKnowledgeBase.knowledgeBase.id).not.toBe('');
    const connectionId = await addModelConnection(api, 'Knowledge models', ['support-small']);
    const agentId = await createModelAgent(api, 'Shipping assistant', connectionId, 'support-small');
    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    await page.goto(`/agents/${encodeURIComponent(agentId)}`);
    const knowledge = page.getByRole('region', { name: 'Knowledge bases' });
    await expect(knowledge).toContainText('It uses no knowledge base.');

    await knowledge.getByRole('combobox', { name: 'Attach a knowledge base' }).click();
    await page.getByRole('option', { name: 'Shipping notes' }).click();
    await knowledge.getByRole('button', { name: 'Attach' }).click();
    await expect(page.getByText('Now uses “Shipping notes”: saved as version 2.')).toBeVisible();
    await dismissNotifications(page);
    await expect(knowledge.getByRole('list', { name: 'Knowledge bases it uses' }).getByRole('link', { name: 'Shipping notes' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Versions/ })).toContainText('Versions (2)');
    await saveScreenshot(page, '84-agent-knowledge-bases');
    expect(await accessibilityViolations(page)).toEqual([]);

    await knowledge.getByRole('button', { name: 'Detach Shipping notes' }).click();
    await expect(page.getByText('No longer uses “Shipping notes”: saved as version 3.')).toBeVisible();
    await expect(knowledge).toContainText('It uses no knowledge base.');
  });
});
