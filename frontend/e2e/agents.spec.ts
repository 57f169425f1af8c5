import { accessibilityViolations } from './accessibility';
import { expect, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addModelConnection, curatorApi } from './seed';

test.describe('agents', () => {
  test('a model agent with tools, its secret shown once, edited into version 2; leaving the form asks; a webhook agent and its rotated secret', async ({ page }) => {
    test.slow(); // two agents, two forms and two accessibility checks in one walk
    const api = await curatorApi();
    await addModelConnection(api, 'Agent models', ['support-small', 'support-large']);
    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New agent' }).first().click();
    await page.getByRole('menuitem', { name: /Model agent/ }).click();
    await expect(page.getByRole('heading', { name: 'New model agent' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Name' }).fill('Returns assistant');
    await page.getByRole('textbox', { name: 'Description' }).fill('Answers questions about returns and refunds.');
    await page.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'support-small' }).click();
    await page.getByRole('textbox', { name: 'Instructions' }).fill('You help customers of **Contoso** with returns.');
    await page.getByRole('button', { name: 'Add a tool' }).click();
    const refund = page.getByRole('group', { name: 'Tool 1' });
    await refund.getByRole('textbox', { name: 'Tool 1: name' }).fill('issue_refund');
    await refund.getByRole('textbox', { name: 'Tool 1: description' }).fill('Refunds an order');
    await refund.getByRole('textbox', { name: 'Tool 1: arguments (JSON Schema)' }).fill('{"type": "object", "properties": {"order_id": {"type": "string"}}');
    await page.getByRole('button', { name: 'Add a tool' }).click();
    const lookup = page.getByRole('group', { name: 'Tool 2' });
    await lookup.getByRole('textbox', { name: 'Tool 2: name' }).fill('lookup_order');
    await lookup.getByRole('checkbox', { name: /Read-only/ }).check();

    // A schema that is not JSON is named on its field, and nothing is created.
    await page.getByRole('button', { name: 'Create agent' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The agent was not created' })).toBeVisible();
    await expect(refund.getByRole('textbox', { name: 'Tool 1: arguments (JSON Schema)' })).toHaveAttribute('aria-invalid', 'true');
    await refund.getByRole('textbox', { name: 'Tool 1: arguments (JSON Schema)' }).fill('{"type": "object", "properties": {"order_id": {"type": "string"}}}');
    await saveScreenshot(page, '60-agent-form');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create agent' }).click();
    const secret = page.getByRole('dialog', { name: 'Signing secret of “Returns assistant”' });
    await expect(secret.getByTestId('signing-secret')).toHaveText(/^cbs_/);
    await secret.getByRole('button', { name: 'I have stored it' }).click();

    await expect(page.getByRole('heading', { name: 'Returns assistant', level: 1 })).toBeVisible();
    const tools = page.getByRole('region', { name: 'Tools' });
    await tools.getByRole('button', { name: /issue_refund/ }).click();
    await expect(tools.getByLabel('Arguments of issue_refund')).toContainText('"order_id"');
    await expect(tools.getByRole('button', { name: /lookup_order/ })).toContainText('Read-only');
    await expect(page.getByRole('region', { name: 'Instructions' }).locator('strong', { hasText: 'Contoso' })).toBeVisible();
    await saveScreenshot(page, '61-agent-page');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Editing: leaving with a change asks; saving a changed configuration is version 2.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Instructions' }).fill('You help customers of Contoso with returns. Always give the return window.');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
    await expect(leave).toContainText('Agent “Returns assistant” has changes that are not saved. Saving creates a new version of the agent when its configuration changed.');
    await leave.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Edit “Returns assistant”' })).toBeVisible();
    await page.getByRole('button', { name: 'Save agent' }).click();
    await expect(page.getByText('Saved as version 2.')).toBeVisible();
    await page.getByRole('tab', { name: /Versions/ }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await expect(versions.getByRole('row')).toHaveCount(3);
    await versions.getByRole('button', { name: 'v1' }).click();
    await expect(page.getByText('Version 1, an older version')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Instructions' })).not.toContainText('Always give the return window');

    // Sharing is the dialog datasets share with.
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share “Returns assistant”' });
    await expect(share.getByRole('switch', { name: 'Private' })).not.toBeChecked();
    await expect(share.getByText('Nobody has a grant on this agent yet.')).toBeVisible();
    await share.getByRole('button', { name: 'Close' }).click();

    // A webhook agent: its endpoint and timeout; its secret rotated, the new one shown once.
    await page.goto('/agents/new?kind=webhook');
    await page.getByRole('textbox', { name: 'Name' }).fill('Partner bot');
    await page.getByRole('textbox', { name: 'Endpoint' }).fill('http://127.0.0.1:9/answer');
    await page.getByRole('textbox', { name: 'Timeout' }).fill('20');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('dialog', { name: 'Signing secret of “Partner bot”' }).getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByRole('heading', { name: 'Partner bot', level: 1 })).toBeVisible();
    await expect(page.getByText('20 s')).toBeVisible();
    await page.getByRole('button', { name: 'More agent actions' }).click();
    await page.getByRole('menuitem', { name: 'Rotate signing secret' }).click();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret of “Partner bot”' });
    await expect(rotated.getByTestId('signing-secret')).toHaveText(/^cbs_/);
    await expect(rotated).toContainText('The old secret stopped working.');
    await rotated.getByRole('button', { name: 'I have stored it' }).click();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await expect(page.getByRole('link', { name: 'Returns assistant', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Partner bot', exact: true })).toBeVisible();
    await page.locator('label').filter({ hasText: /^Webhook$/ }).click();
    await expect(page.getByRole('link', { name: 'Returns assistant', exact: true })).toBeHidden();
  });
});
