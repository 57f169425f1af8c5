import type { Browser, Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { accessibilityViolations } from './accessibility';
import { dismissNotifications, expect, saveScreenshot, signIn, test } from './fixtures';
import { signInAs } from './graphqlAsUser';
import { ADMINISTRATOR, STAFF } from './people';
import { WEBHOOK_ANSWER } from './scriptedModel';
import { addCase, createDataset } from './seed';
import { FRONTEND_DIR } from './stack';

const REPO_DIR = resolve(FRONTEND_DIR, '..');
const EXAMPLE_DIR = join(REPO_DIR, 'docs', 'examples', 'support_agent');
const CLI = process.env.CASEBOOK_BIN ?? join(REPO_DIR, '.venv', 'bin', 'casebook');

type StaffRole = keyof typeof STAFF;
const ROLE_NAMES: Record<StaffRole, string> = { ADMIN: 'Admin', BUILDER: 'Builder', OPERATOR: 'Operator', MEMBER: 'Member', VIEWER: 'Viewer' };
const ORGANIZATION_PAGES = ['Members', 'API keys', 'Model connections', 'Organization'] as const;
const PAGE_PATHS: Record<(typeof ORGANIZATION_PAGES)[number], string> = {
  Members: '/organization/members',
  'API keys': '/organization/api-keys',
  'Model connections': '/organization/models',
  Organization: '/organization/settings',
};
/** What each role is shown in the sidebar's Organization group (seeds/datasets.md#access, and who mints keys). */
const SEES: Record<'OWNER' | StaffRole, readonly string[]> = {
  OWNER: ORGANIZATION_PAGES,
  ADMIN: ORGANIZATION_PAGES,
  BUILDER: ['API keys'],
  OPERATOR: ['API keys'],
  MEMBER: ['API keys'],
  VIEWER: [],
};

function apiUrl(): string {
  const url = process.env.CASEBOOK_E2E_API_URL;
  if (!url) throw new Error('CASEBOOK_E2E_API_URL is unset: globalSetup did not start the stack');
  return url;
}

/** The serious and critical findings of axe on the page as it is now. */
async function seriousViolations(page: Page) {
  return (await accessibilityViolations(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

async function openFromSidebar(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
}

async function chooseOption(page: Page, combobox: string, option: string, within = page.locator('body')): Promise<void> {
  await within.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.CASEBOOK_E2E_CONSOLE_URL });
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  return page;
}

/** The error a refused request answered with: its code, read from the API's own body. */
async function refusal(email: string, password: string, query: string, variables: Record<string, unknown> = {}): Promise<string> {
  const session = await signInAs(apiUrl(), email, password);
  try {
    await session.request(query, variables);
    return 'ALLOWED';
  } catch (error) {
    return (error as Error).message;
  }
}

/** Runs `casebook eval` from the repository's .venv, as a CI job does, answered by the example agent's code. */
async function casebookEval(args: string[], key: string): Promise<{ code: number | null; output: string }> {
  const apiBase = apiUrl().replace(/\/graphql$/, '');
  const child = spawn(CLI, ['eval', '--url', apiBase, ...args], {
    cwd: EXAMPLE_DIR,
    env: { ...process.env, CASEBOOK_API_KEY: key, PYTHONUNBUFFERED: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  return { code, output };
}

/** The example agent's cases (docs/examples/support_agent/cases.jsonl), as addCase takes them. */
function exampleCases() {
  return readFileSync(join(EXAMPLE_DIR, 'cases.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const row = JSON.parse(line) as { input: string; reference_answer?: string; tags?: string[]; checks?: { type: string; value: string }[]; expected_tool_calls?: { tool: string; args: Record<string, unknown> }[] };
      return {
        input: row.input,
        referenceAnswer: row.reference_answer,
        tags: row.tags,
        checks: (row.checks ?? []).map((check) => ({ [check.type]: { value: check.value } })),
        expectedToolCalls: row.expected_tool_calls,
      };
    });
}

test.describe.configure({ mode: 'serial' });

test.describe('the organization pages', () => {
  test('Members: the administrator adds a person in every role, changes one, removes one, and reads what each role may do', async ({ page }) => {
    await signIn(page, ADMINISTRATOR.email, ADMINISTRATOR.password);
    await openFromSidebar(page, 'Members');
    await expect(page).toHaveTitle('Members · Casebook');
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByText(ADMINISTRATOR.email)).toBeVisible();
    await expect(page.getByText(`1 member of ${ADMINISTRATOR.organization}`)).toBeVisible();

    // What each role may do, from the API's own catalog.
    const roles = page.getByRole('table', { name: 'Roles and permissions' });
    const editRow = roles.getByRole('row', { name: /datasets:edit/ });
    await expect(editRow.getByRole('cell')).toHaveText([/datasets:edit/, 'all', 'all', 'shared', '—', 'own', '—']);
    await expect(roles.getByRole('row', { name: /runs:view/ }).getByRole('cell')).toHaveText([/runs:view/, 'all', 'all', 'all', 'all', '—', '—']);

    for (const [role, person] of Object.entries(STAFF) as [StaffRole, (typeof STAFF)[StaffRole]][]) {
      await page.getByRole('button', { name: 'Add member' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add member' });
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
      await dialog.getByRole('textbox', { name: 'Name' }).fill(person.name);
      await chooseOption(page, 'Role', ROLE_NAMES[role], dialog);
      await dialog.getByLabel('First password').fill(person.password);
      if (role === 'VIEWER') {
        await saveScreenshot(page, '90-add-member');
        expect(await seriousViolations(page)).toEqual([]);
      }
      await dialog.getByRole('button', { name: 'Add member' }).click();
      await expect(dialog).toBeHidden();
      await expect(members.getByText(person.email)).toBeVisible();
    }
    await expect(page.getByText(`6 members of ${ADMINISTRATOR.organization}`)).toBeVisible();

    // Only an Owner makes an Owner: an Admin is not offered it (the API refuses it too).
    await page.getByRole('button', { name: 'Add member' }).first().click();
    await page.getByRole('dialog', { name: 'Add member' }).getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option', { name: 'Owner', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Add member' }).getByRole('button', { name: 'Cancel' }).click();

    // A temporary member, moved to another role, then removed.
    await page.getByRole('button', { name: 'Add member' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add member' });
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('temp@initech.casebook.test');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Tem Porary');
    await dialog.getByLabel('First password').fill('temporary-passphrase');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await expect(dialog).toBeHidden();
    await chooseOption(page, 'Role of Tem Porary', 'Operator');
    await expect(members.getByRole('combobox', { name: 'Role of Tem Porary' })).toHaveValue('Operator');
    await page.reload();
    await expect(members.getByRole('combobox', { name: 'Role of Tem Porary' })).toHaveValue('Operator');
    await members.getByRole('button', { name: 'Remove Tem Porary' }).click();
    await page.getByRole('dialog', { name: 'Remove Tem Porary?' }).getByRole('button', { name: 'Remove Tem Porary' }).click();
    await expect(members.getByText('temp@initech.casebook.test')).toHaveCount(0);
    // Nobody removes themselves here: the last Owner stays.
    await expect(members.getByRole('button', { name: `Remove ${ADMINISTRATOR.name}` })).toHaveCount(0);

    await saveScreenshot(page, '91-members');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('each role is shown the organization pages it may use, and the API refuses the rest', async ({ browser }) => {
    const everyone: ['OWNER' | StaffRole, { email: string; password: string }][] = [['OWNER', ADMINISTRATOR], ...(Object.entries(STAFF) as [StaffRole, { email: string; password: string }][])];
    for (const [role, person] of everyone) {
      const page = await signedInPage(browser, person.email, person.password);
      const sidebar = page.getByRole('navigation', { name: 'Main' });
      for (const label of ORGANIZATION_PAGES) {
        await expect(sidebar.getByRole('link', { name: label, exact: true }), `${role} and ${label}`).toHaveCount(SEES[role].includes(label) ? 1 : 0);
      }
      // A page opened by its address says it is not for this role, and shows nothing of it.
      for (const label of ORGANIZATION_PAGES.filter((name) => !SEES[role].includes(name))) {
        await page.goto(PAGE_PATHS[label]);
        await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
        await expect(page.getByText('Not for your role')).toBeVisible();
        await expect(page.getByRole('table')).toHaveCount(0);
        if (role === 'VIEWER' && label === 'API keys') expect(await seriousViolations(page)).toEqual([]);
      }
      await page.context().close();

      const manager = role === 'OWNER' || role === 'ADMIN';
      const addMember = await refusal(person.email, person.password, 'mutation($i: AddMemberInput!) { addMember(input: $i) { member { role } } }', {
        i: { email: `nobody-${role.toLowerCase()}@initech.casebook.test`, role: 'VIEWER', password: 'never-a-member-passphrase' },
      });
      const rename = await refusal(person.email, person.password, 'mutation { renameOrganization(name: "Taken over") { organization { name } } }');
      const key = await refusal(person.email, person.password, 'mutation { createApiKey(input: { name: "probe", scopes: ["datasets:view"] }) { apiKey { id } } }');
      if (manager) {
        expect(rename, role).toBe('ALLOWED');
        // Put the name back for the next role's probe.
        await (await signInAs(apiUrl(), ADMINISTRATOR.email, ADMINISTRATOR.password)).request(`mutation { renameOrganization(name: "${ADMINISTRATOR.organization}") { organization { name } } }`);
        expect(addMember, role).toBe('ALLOWED');
      } else {
        expect(addMember, role).toMatch(/organization:manage/);
        expect(rename, role).toMatch(/organization:manage/);
      }
      if (role === 'VIEWER') expect(key).toMatch(/Viewer's role only reads, and issues no API keys/);
      else expect(key, role).toBe('ALLOWED');
    }
  });

  test('API keys: a "CI gate" key made in the console runs casebook eval', async ({ page }) => {
    test.setTimeout(180_000);
    const owner = await signInAs(apiUrl(), ADMINISTRATOR.email, ADMINISTRATOR.password);
    const datasetId = await createDataset(owner, 'Support questions', 'The example support agent’s cases.');
    for (const seeded of exampleCases()) await addCase(owner, datasetId, seeded);
    const agent = await owner.request<{ createLocalAgent: { agent: { id: string } } }>(
      `mutation($input: CreateLocalAgentInput!) { createLocalAgent(input: $input) { agent { id } } }`,
      {
        input: {
          name: 'Support agent from CI',
          config: {
            tools: [
              { name: 'lookup_order', description: 'Finds an order by its number', readOnly: true },
              { name: 'request_refund', description: 'Asks for a refund', readOnly: false },
            ],
          },
        },
      },
    );
    const agentId = agent.createLocalAgent.agent.id;

    await signIn(page, ADMINISTRATOR.email, ADMINISTRATOR.password);
    await openFromSidebar(page, 'API keys');
    await expect(page).toHaveTitle('API keys · Casebook');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('CI gate for the support agent');
    await dialog.getByRole('button', { name: /^CI gate/ }).click();
    // Exactly what casebook eval needs, ticked.
    for (const scope of ['runs:view', 'datasets:view', 'datasets:run', 'agents:view', 'agents:run']) await expect(dialog.getByRole('checkbox', { name: new RegExp(`^${scope}`) })).toBeChecked();
    for (const scope of ['datasets:edit', 'agents:edit', 'connections:manage', 'organization:manage']) await expect(dialog.getByRole('checkbox', { name: new RegExp(`^${scope}`) })).not.toBeChecked();
    await chooseOption(page, 'Expires after', '30 days', dialog);
    await saveScreenshot(page, '92-create-api-key');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: /Key “CI gate for the support agent” created/ });
    const secret = (await shown.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^cbk_[0-9a-f]+_/);
    expect(await seriousViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'I have stored it' }).click();

    const keys = page.getByRole('table', { name: 'API keys' });
    const row = keys.getByRole('row', { name: /CI gate for the support agent/ });
    await expect(row).toContainText('active');
    await expect(row).toContainText('Never used');
    // Shown once: the list never holds the secret.
    await expect(page.getByText(secret)).toHaveCount(0);

    const run = await casebookEval(['--dataset', datasetId, '--agent', agentId, '--task', 'agent:answer', '--version-label', 'e2e-ci-gate'], secret);
    expect(run.output).not.toContain(secret);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/6 cases|6\/6|passed/i);

    await page.reload();
    await expect(keys.getByRole('row', { name: /CI gate for the support agent/ })).not.toContainText('Never used');
    await saveScreenshot(page, '93-api-keys');
    expect(await seriousViolations(page)).toEqual([]);

    // Revoked, it is refused.
    await keys.getByRole('button', { name: 'Revoke CI gate for the support agent' }).click();
    await page.getByRole('dialog', { name: /Revoke/ }).getByRole('button', { name: 'Revoke key' }).click();
    await expect(keys.getByRole('row', { name: /CI gate for the support agent/ })).toContainText('revoked');
    const refused = await casebookEval(['--dataset', datasetId, '--agent', agentId, '--task', 'agent:answer'], secret);
    expect(refused.code, refused.output).toBe(2);
    expect(refused.output).toMatch(/revoked/);
  });

  test('Model connections: add one, test it (its latency, or the provider’s error), choose the default embedding model, delete one', async ({ page }) => {
    const modelUrl = process.env.CASEBOOK_E2E_MODEL_URL;
    if (!modelUrl) throw new Error('CASEBOOK_E2E_MODEL_URL is unset: globalSetup did not start the scripted model');
    await signIn(page, ADMINISTRATOR.email, ADMINISTRATOR.password);
    await openFromSidebar(page, 'Model connections');
    await expect(page).toHaveTitle('Model connections · Casebook');
    await expect(page.getByText('No model connection yet')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const add = async (name: string, baseUrl: string, model: string) => {
      await page.getByRole('button', { name: 'Add connection' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add model' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('combobox', { name: 'Models' }).fill(model);
      await dialog.getByRole('combobox', { name: 'Models' }).press('Enter');
      await dialog.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
      await dialog.getByLabel('API key').fill('sk-e2e-connection-test-0');
      await dialog.getByRole('button', { name: 'Add model' }).click();
      await expect(dialog).toBeHidden();
      await dismissNotifications(page);
    };
    await add('Scripted', modelUrl, 'scripted-small');
    await add('Nobody listens', 'http://127.0.0.1:9/v1', 'gone-model');
    const table = page.getByRole('table', { name: 'Model connections' });
    await expect(table.getByRole('row', { name: /Scripted/ })).toContainText('sk-…st-0');

    await table.getByRole('button', { name: 'Test Scripted' }).click();
    await expect(table.getByRole('row', { name: /Scripted/ }).getByRole('status')).toHaveText(/scripted-small answered in [\d,]+ ms\./);
    await table.getByRole('button', { name: 'Test Nobody listens' }).click();
    await expect(table.getByRole('row', { name: /Nobody listens/ }).getByRole('status')).toHaveText(/gone-model did not answer: .+/);

    await chooseOption(page, 'Default embedding model', 'scripted-small');
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Default embedding model' })).toHaveValue('scripted-small');
    await saveScreenshot(page, '94-model-connections');
    expect(await seriousViolations(page)).toEqual([]);

    await table.getByRole('button', { name: 'Delete Nobody listens' }).click();
    await page.getByRole('dialog', { name: 'Delete “Nobody listens”?' }).getByRole('button', { name: 'Delete connection' }).click();
    await expect(table.getByRole('row', { name: /Nobody listens/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /Scripted/ })).toBeVisible();
  });

  test('Organization: its name and retention', async ({ page }) => {
    await signIn(page, ADMINISTRATOR.email, ADMINISTRATOR.password);
    await openFromSidebar(page, 'Organization');
    await expect(page).toHaveTitle('Organization · Casebook');
    const name = page.getByRole('textbox', { name: 'Organization name' });
    await expect(name).toHaveValue(ADMINISTRATOR.organization);
    await name.fill('   ');
    await expect(page.getByText('Give the organization a name.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save name' })).toBeDisabled();
    await name.fill('Initech Operations');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' }).first()).toBeVisible();
    // The header's organization switcher says the new name at once.
    await expect(page.getByRole('banner')).toContainText('Initech Operations');

    await page.getByRole('textbox', { name: 'Delete conversations after (days)' }).fill('90');
    // Read again once the API has kept it, not while the save is on its way.
    const kept = page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('SetConversationRetention'));
    await page.getByRole('button', { name: 'Save retention' }).click();
    await kept;
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Delete conversations after (days)' })).toHaveValue('90');
    await saveScreenshot(page, '95-organization');
    expect(await seriousViolations(page)).toEqual([]);

    await name.fill(ADMINISTRATOR.organization);
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('banner')).toContainText(ADMINISTRATOR.organization);
  });

  test('an agent page: a webhook agent takes a test request; any agent is tested on a dataset from its page', async ({ page }) => {
    const modelUrl = process.env.CASEBOOK_E2E_MODEL_URL;
    if (!modelUrl) throw new Error('CASEBOOK_E2E_MODEL_URL is unset: globalSetup did not start the scripted model');
    const owner = await signInAs(apiUrl(), ADMINISTRATOR.email, ADMINISTRATOR.password);
    const create = async (name: string, url: string) =>
      (
        await owner.request<{ createWebhookAgent: { agent: { id: string } } }>(
          'mutation($input: CreateWebhookAgentInput!) { createWebhookAgent(input: $input) { agent { id } } }',
          { input: { name, config: { url, timeoutSeconds: 5 } } },
        )
      ).createWebhookAgent.agent.id;
    const partner = await create('Partner desk', modelUrl.replace(/\/v1$/, '/webhook'));
    const gone = await create('Gone desk', 'http://127.0.0.1:9/answer');
    await createDataset(owner, 'Partner questions');

    await signIn(page, ADMINISTRATOR.email, ADMINISTRATOR.password);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.goto(`/agents/${encodeURIComponent(partner)}`);
    await expect(page).toHaveTitle('Partner desk · Casebook');
    await page.getByRole('button', { name: 'Send a test request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test request to Partner desk' });
    await expect(dialog.getByRole('status')).toContainText(/Answered in [\d,]+ ms/);
    await expect(dialog.getByRole('status')).toContainText(WEBHOOK_ANSWER);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByRole('button', { name: 'Test on a dataset' }).click();
    const choose = page.getByRole('dialog', { name: 'Test on a dataset' });
    await chooseOption(page, 'Dataset', 'Partner questions', choose);
    await choose.getByRole('button', { name: 'Open Run evals' }).click();
    const start = page.getByRole('dialog', { name: 'Test an agent' });
    await expect(start).toBeVisible();
    await expect(start).toContainText('Partner desk (webhook)');
    await expect(start).not.toContainText('Partner desk (webhook) (webhook)');
    await start.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/agents/${encodeURIComponent(gone)}`);
    await page.getByRole('button', { name: 'Send a test request' }).click();
    await expect(page.getByRole('dialog', { name: 'Test request to Gone desk' }).getByRole('status')).toContainText('The agent did not answer');
    await expect(page.getByRole('dialog', { name: 'Test request to Gone desk' })).toContainText('could not be reached');
  });

});

