import type { Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { dismissNotifications, expect, saveElementScreenshot, saveScreenshot, signIn, test } from './fixtures';
import type { SignedInSession } from './graphqlAsUser';
import { CURATOR } from './people';
import { addCase, createDataset, curatorApi, datasetPath } from './seed';

const CASES = [
  { input: 'How long is the return window?', checks: [{ contains: { value: '14 days' } }] },
  { input: 'Do gift cards expire?', checks: [{ contains: { value: 'never expire' } }] },
  { input: 'How long does shipping take?', checks: [{ contains: { value: '3 to 5' } }] },
];

/** What the code under test answers: right about returns and gift cards, wrong about shipping. */
const ANSWERS: Record<string, string> = {
  'How long is the return window?': 'You have 14 days to return an item.',
  'Do gift cards expire?': 'Gift cards never expire.',
  'How long does shipping take?': 'Shipping takes a week or two.',
};

const COMMIT = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

interface ClaimedItem {
  id: string;
  leaseToken: string;
  input: string;
  agentVersion: number;
  versionLabel: string | null;
  tools: { name: string; readOnly: boolean }[];
}

/** Claims work as a client does (the Python client, `casebook eval --task`), waiting a little for it. */
async function claim(api: SignedInSession, runId: string, max: number): Promise<ClaimedItem[]> {
  const data = await api.request<{ claimEvalWork: { items: ClaimedItem[] } }>(
    `mutation($run: ID!, $max: Int!) {
      claimEvalWork(runId: $run, max: $max, waitSeconds: 5) { status items { id leaseToken input agentVersion versionLabel tools { name readOnly } } }
    }`,
    { run: runId, max },
  );
  return data.claimEvalWork.items;
}

/** Sends the answers of claimed items; each one must be stored. */
async function submit(api: SignedInSession, runId: string, items: readonly ClaimedItem[]): Promise<void> {
  const data = await api.request<{ submitEvalAnswers: { accepted: string[]; refused: { itemId: string; reason: string }[] } }>(
    'mutation($run: ID!, $answers: [EvalAnswerInput!]!) { submitEvalAnswers(runId: $run, answers: $answers) { accepted refused { itemId reason } } }',
    { run: runId, answers: items.map((item) => ({ itemId: item.id, leaseToken: item.leaseToken, answer: ANSWERS[item.input] ?? 'I do not know.', latencyMs: 120 })) },
  );
  expect(data.submitEvalAnswers.refused).toEqual([]);
  expect(data.submitEvalAnswers.accepted).toHaveLength(items.length);
}

async function createLocalAgentInTheConsole(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
  await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New agent' }).first().click();
  await page.getByRole('menuitem', { name: /Local agent \(your code\)/ }).click();
  await expect(page.getByRole('heading', { name: 'New local agent' })).toBeVisible();
  // Nothing to call: no model, no endpoint.
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Endpoint' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Name' }).fill('Returns desk from CI');
  await page.getByRole('textbox', { name: 'Description' }).fill('The returns assistant as the branch under review answers.');
  await page.getByRole('button', { name: 'Add a tool' }).click();
  const lookup = page.getByRole('group', { name: 'Tool 1' });
  await lookup.getByRole('textbox', { name: 'Tool 1: name' }).fill('lookup_order');
  await lookup.getByRole('textbox', { name: 'Tool 1: description' }).fill('Finds an order by its number');
  await lookup.getByRole('checkbox', { name: /Read-only/ }).check();
  await expect(lookup.getByRole('textbox', { name: 'Tool 1: endpoint' })).toHaveCount(0);
  await saveScreenshot(page, '80-local-agent-form');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create agent' }).click();

  // No signing secret to show: the agent's page opens at once.
  await expect(page.getByRole('heading', { name: 'Returns desk from CI', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: /Signing secret/ })).toHaveCount(0);
  const agentId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
  expect(agentId).not.toBe('');
  return agentId;
}

test.describe('local agents', () => {
  test('a local agent made in the console, run from the console at a commit, answered by a client through the API, followed live to the end', async ({ page }) => {
    test.setTimeout(150_000);
    const api = await curatorApi();
    const datasetId = await createDataset(api, 'Returns answered from CI');
    for (const seedCase of CASES) await addCase(api, datasetId, seedCase);

    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    const agentId = await createLocalAgentInTheConsole(page);

    // Its page: the kind said for people, how its own code answers it, the command with its id; no chat, no secret.
    await expect(page.getByText('Local (your code)').first()).toBeVisible();
    const howTo = page.getByRole('region', { name: 'Answer it from your code' });
    await expect(howTo.getByTestId('local-eval-command')).toHaveText(new RegExp(`^casebook eval --dataset <DATASET_ID> --agent ${agentId.replace(/[=+/]/g, '\\$&')} --task mypkg\\.agent:answer --url http`));
    await expect(howTo).toContainText('pytest plugin');
    await expect(page.getByRole('main').getByRole('link', { name: 'Chat', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'More agent actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete agent' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Rotate signing secret' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: /lookup_order/ })).toContainText('Read-only');
    await saveScreenshot(page, '81-local-agent-page');
    await dismissNotifications(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Editing a local agent edits its tools: version 2, without a label.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Add a tool' }).click();
    await page.getByRole('group', { name: 'Tool 2' }).getByRole('textbox', { name: 'Tool 2: name' }).fill('issue_refund');
    await page.getByRole('button', { name: 'Save agent' }).click();
    await expect(page.getByText('Saved as version 2.')).toBeVisible();
    await dismissNotifications(page);

    // The chat offers agents Casebook can call, never a local one.
    await page.goto(`/chat?agent=${encodeURIComponent(agentId)}`);
    await expect(page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
    await expect(page.getByPlaceholder('Loading agents…')).toHaveCount(0);
    // Other tests of this organization may or may not have made an agent to chat with by now.
    const picker = page.getByRole('combobox', { name: 'Agent' });
    await expect(picker.or(page.getByText('No agent you may chat with'))).toBeVisible();
    if ((await picker.count()) > 0) {
      await picker.click();
      await expect(page.getByRole('option', { name: 'Returns desk from CI' })).toHaveCount(0);
      await page.keyboard.press('Escape');
    }

    // Start a run of it from the console at a commit: nothing has answered with version 2 yet, so
    // the commit names it (a label new after that would be a new version); the run waits for a client.
    await page.goto(datasetPath(datasetId, '?tab=results'));
    await page.getByRole('button', { name: 'Run evals' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test an agent' });
    await dialog.getByRole('combobox', { name: 'Agents' }).click();
    await page.getByRole('option', { name: 'Returns desk from CI (local: your code)' }).click();
    await expect(dialog.getByTestId('waits-for-client')).toContainText('the run waits until a client claims its questions');
    await dialog.getByRole('textbox', { name: 'Version label' }).fill(COMMIT);
    await dialog.getByRole('button', { name: 'Estimate' }).click();
    const estimate = dialog.getByRole('region', { name: 'Estimate' });
    await expect(estimate.getByTestId('estimate-answers')).toHaveText('3 answers to produce: 3 cases of version 3 × 1 agent × 1 repetition.');
    await expect(estimate.getByTestId('agent-version')).toHaveText('v2 · a1b2c3d');
    await expect(estimate.getByText('New version', { exact: true })).toHaveCount(0);
    await expect(estimate.getByTestId('estimate-new-version')).toHaveCount(0);
    await saveElementScreenshot(dialog, '82-local-agent-start-estimate');
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Start' }).click();
    await expect(dialog).toBeHidden();

    // The run's page waits for your code, with the command that answers it.
    await expect(page).toHaveURL(/tab=results&run=/);
    const runId = new URL(page.url()).searchParams.get('run') ?? '';
    const work = page.getByTestId('client-work');
    await expect(work).toHaveAttribute('data-stage', 'never-seen');
    await expect(page.getByRole('region', { name: 'Waiting for your code' })).toBeVisible();
    await expect(work.getByTestId('client-work-counts')).toHaveText('3 answers waiting · 0 held by clients · no client seen yet');
    await expect(work.getByTestId('resume-command')).toContainText(`casebook eval --resume ${runId} --task mypkg.agent:answer`);
    await expect(page.getByText('Returns desk from CI v2 · a1b2c3d · 3 cases')).toBeVisible();
    await saveScreenshot(page, '83-local-run-waiting');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A client claims two answers: the page sees them held, and the client seen.
    const first = await claim(api, runId, 2);
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({ agentVersion: 2, versionLabel: COMMIT });
    expect(first[0]?.tools.map((tool) => [tool.name, tool.readOnly])).toEqual([
      ['lookup_order', true],
      ['issue_refund', false],
    ]);
    await expect(work).toHaveAttribute('data-stage', 'answering', { timeout: 15_000 });
    await expect(work.getByTestId('client-work-counts')).toHaveText('1 answer waiting · 2 held by clients · a client was last seen just now');
    await saveElementScreenshot(work, '84-local-run-answering');

    // It answers them, then claims and answers the last: the run finishes live, and the panel goes.
    await submit(api, runId, first);
    await expect(page.getByTestId('eval-progress-counts')).toHaveText(/^2 of 3 answered/, { timeout: 15_000 });
    const rest = await claim(api, runId, 8);
    expect(rest).toHaveLength(1);
    await submit(api, runId, rest);
    await expect(page.getByTestId('eval-status')).toHaveText('Finished', { timeout: 30_000 });
    await expect(page.getByTestId('eval-progress-counts')).toHaveText('3 of 3 answered · 3 scored: 2 passed, 1 failed, 0 not graded');
    await expect(work).toHaveCount(0);
    const summaryRow = page.getByRole('table', { name: 'Per agent' }).getByTestId('summary-agent-row');
    await expect(summaryRow).toContainText('Returns desk from CI v2 · a1b2c3d');
    await expect(summaryRow).toContainText('66.7%');
    await saveScreenshot(page, '85-local-run-finished');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The answer a client gave names the version it answered with.
    await page.getByRole('tablist', { name: 'Eval run' }).getByRole('tab', { name: 'Cases' }).click();
    await page.getByTestId('eval-case-row').filter({ hasText: 'How long does shipping take?' }).getByRole('button').first().click();
    const answers = page.getByRole('dialog', { name: "Returns desk from CI's answer" });
    await expect(answers.getByTestId('answered-by')).toContainText('Returns desk from CI v2 · a1b2c3d');
    await expect(answers).toContainText('Shipping takes a week or two.');
    await page.keyboard.press('Escape');
    await dismissNotifications(page);

    // The runs list says the version and its label too.
    await page.getByRole('button', { name: 'All test runs' }).click();
    const row = page.getByRole('table', { name: 'Test runs' }).getByTestId('eval-run-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Finished');
    await expect(row.getByTestId('agent-version')).toHaveText('v2 · a1b2c3d');

    // And the agent's versions: the one the run answered with, named by the commit.
    await page.goto(`/agents/${encodeURIComponent(agentId)}?tab=versions`);
    const versions = page.getByRole('table', { name: 'Versions' });
    await expect(versions.getByRole('row')).toHaveCount(3);
    await expect(versions.getByRole('button', { name: 'v2 · a1b2c3d' })).toBeVisible();
    await expect(versions).toContainText(COMMIT);
    await saveScreenshot(page, '86-local-agent-versions');
    await versions.getByRole('button', { name: 'v2 · a1b2c3d' }).click();
    await expect(page.getByTestId('version-label')).toHaveText(COMMIT);

    // The agents list filters by the kind, named for people.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('radiogroup', { name: 'Kind of agent' }).getByText('Local (your code)').click();
    const listed = page.getByRole('row').filter({ hasText: 'Returns desk from CI' });
    await expect(listed).toContainText('Local (your code)');
    await expect(listed).toContainText('v2');
    await expect(page.getByRole('row').filter({ hasText: 'Model' }).filter({ hasNotText: 'Local' })).toHaveCount(0);
    await saveScreenshot(page, '87-agents-local-kind');
  });
});
