import { accessibilityViolations } from './accessibility';
import { dismissNotifications, expect, saveScreenshot, signIn, test } from './fixtures';
import type { SignedInSession } from './graphqlAsUser';
import { CURATOR } from './people';
import { addCase, addScriptedModelConnection, configureModelAgent, createDataset, createModelAgent, curatorApi, datasetPath, setJudge } from './seed';

const CASES = [
  { input: 'How long is the return window?', checks: [{ contains: { value: '14 days' } }], tags: ['returns'] },
  { input: 'Do gift cards expire?', checks: [{ contains: { value: 'never expire' } }], tags: ['gift-cards'] },
  { input: 'How long does shipping take?', checks: [{ contains: { value: '3 to 5' } }], tags: ['shipping'] },
  { input: 'Is shipping slower at weekends?', checks: [{ contains: { value: '3 to 5' } }], tags: ['shipping'] },
];

/** Estimates and starts a run over the API, as an integrator would, then waits for it to finish. */
async function runEvals(api: SignedInSession, input: { datasetId: string; agentIds: string[]; baselineRunId?: string }): Promise<string> {
  const run = { ...input, concurrency: 4 };
  const estimate = await api.request<{ estimateEvalRun: { confirmation: string } }>('mutation($input: EvalRunInput!) { estimateEvalRun(input: $input) { confirmation } }', { input: run });
  const started = await api.request<{ startEvalRun: { id: string } }>('mutation($input: EvalRunInput!, $c: String!) { startEvalRun(input: $input, confirmation: $c) { id } }', {
    input: run,
    c: estimate.estimateEvalRun.confirmation,
  });
  const id = started.startEvalRun.id;
  await expect
    .poll(async () => (await api.request<{ evalRun: { status: string } }>('query($id: ID!) { evalRun(id: $id) { status } }', { id })).evalRun.status, { timeout: 90_000, intervals: [500] })
    .toBe('FINISHED');
  return id;
}

/** The answer shown for a case and agent of a run: the score a person decides. */
async function scoreOf(api: SignedInSession, runId: string, question: string, agentName: string): Promise<string> {
  const data = await api.request<{ evalRun: { results: { edges: { node: { agentName: string; case: { input: string }; medianScore: { id: string } } }[] } } }>(
    'query($id: ID!) { evalRun(id: $id) { results(first: 100) { edges { node { agentName case { input } medianScore { id } } } } } }',
    { id: runId },
  );
  const found = data.evalRun.results.edges.find((edge) => edge.node.case.input === question && edge.node.agentName === agentName);
  if (!found) throw new Error(`no answer of ${agentName} to ${question}`);
  return found.node.medianScore.id;
}

test.describe('results a team acts on', () => {
  test('the case table shows the work, a decision decides, runs and versions side by side', async ({ page }) => {
    test.setTimeout(240_000);
    const api = await curatorApi();
    const connectionId = await addScriptedModelConnection(api, 'Results replies', ['scripted', 'scripted-judge']);
    const helpful = await createModelAgent(api, 'Helpful desk', connectionId, 'scripted');
    const quiet = await createModelAgent(api, 'Quiet desk', connectionId, 'scripted', [], 'Do not talk about shipping.');
    const datasetId = await createDataset(api, 'Results a team acts on');
    await setJudge(api, datasetId, connectionId, 'scripted-judge');
    for (const seedCase of CASES) await addCase(api, datasetId, seedCase);
    const first = await runEvals(api, { datasetId, agentIds: [helpful, quiet] });

    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.goto(datasetPath(datasetId, `?tab=results&run=${encodeURIComponent(first)}`));
    await expect(page.getByTestId('eval-status')).toHaveText('Finished');
    // Percentages carry their count.
    const summaryRows = page.getByRole('table', { name: 'Per agent' }).getByTestId('summary-agent-row');
    await expect(summaryRows.filter({ hasText: 'Helpful desk' })).toContainText('100% · 4 of 4');
    await expect(summaryRows.filter({ hasText: 'Quiet desk' })).toContainText('50% · 2 of 4');

    // The case table: the agents side by side, each answer's first lines, the scorer it failed on and why.
    await page.getByRole('tablist', { name: 'Eval run' }).getByRole('tab', { name: 'Cases' }).click();
    const table = page.getByRole('table', { name: 'Cases of the run' });
    await expect(table.getByRole('columnheader', { name: 'Helpful desk' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Quiet desk' })).toBeVisible();
    const rows = page.getByTestId('eval-case-row');
    await expect(rows).toHaveCount(4);
    const shipping = rows.filter({ hasText: 'How long does shipping take?' });
    await expect(shipping.getByTestId('answer-preview').first()).toHaveText('Standard shipping takes 3 to 5 working days.');
    await expect(shipping.getByTestId('answer-preview').nth(1)).toHaveText('I do not know.');
    await expect(shipping.getByTestId('failing-scorer')).toContainText('Judge: failed: correct');
    // Each filter value says how many rows it holds; search reads the question and the answer.
    await page.getByRole('combobox', { name: 'Outcome' }).click();
    await expect(page.getByRole('option', { name: 'Failed · 2' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Search' }).fill('working days');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('case-table-count')).toContainText('2 cases match');
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await expect(rows).toHaveCount(4);
    await saveScreenshot(page, '120-results-case-table-side-by-side');
    // The results download as the table reads them, the browser's session authenticating it.
    const csv = await page.getByRole('link', { name: 'Results as CSV' }).getAttribute('href');
    const download = await page.request.get(csv ?? '');
    expect(download.status()).toBe(200);
    expect(await download.text()).toContain('Do gift cards expire?');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Sorting by an agent's column puts what it failed first; two rows selected go to review together.
    await table.getByRole('button', { name: 'Sort by Quiet desk' }).click();
    await expect(rows.first()).toContainText('shipping');
    await page.getByRole('checkbox', { name: 'Select How long does shipping take?' }).click();
    await page.getByRole('checkbox', { name: 'Select Is shipping slower at weekends?' }).click();
    await page.getByRole('button', { name: 'Send 4 to review' }).click();
    await expect(page.getByText('4 of 4 sent to review')).toBeVisible();
    await dismissNotifications(page);

    // A row opens the answer as Review shows it: the judge's quotes marked, every scorer, the case at its revision.
    await rows.filter({ hasText: 'Do gift cards expire?' }).getByRole('button', { name: "Open Quiet desk's answer" }).click();
    const drawer = page.getByRole('dialog', { name: "Quiet desk's answer" });
    await expect(drawer.getByTestId('quoted-answer').locator('mark')).toHaveText('Gift cards never expire.');
    await expect(drawer.getByTestId('scorer-finding')).toHaveCount(2);
    await expect(drawer.getByTestId('review-question')).toHaveText('Do gift cards expire?');
    await expect(drawer).toContainText(/Graded against revision 1 of the case, in version \d+/);
    await expect(drawer.getByRole('button', { name: 'Send to review' })).toBeVisible();
    await saveScreenshot(page, '121-results-case-drawer');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // A person fails an answer the scorers passed: the run's summary counts the decision, and says it came after the run ended.
    const giftCard = await scoreOf(api, first, 'Do gift cards expire?', 'Helpful desk');
    await api.request('mutation($input: DecideReviewInput!) { decideReview(input: $input) { score { id } } }', { input: { scoreId: giftCard, outcome: 'FAIL', note: 'Only store gift cards never expire.' } });
    await page.reload();
    await expect(page.getByTestId('decided-since-end')).toContainText('1 result decided since the run ended');
    await expect(page.getByTestId('decided-since-end')).toContainText('Helpful desk 100% · 4 of 4');
    await expect(summaryRows.filter({ hasText: 'Helpful desk' })).toContainText('75% · 3 of 4');
    await expect(summaryRows.filter({ hasText: 'Helpful desk' }).getByTestId('summary-decided')).toHaveText('1 (1 overruling the scorers)');
    await saveScreenshot(page, '122-results-decided-since-end');
    await page.getByRole('tablist', { name: 'Eval run' }).getByRole('tab', { name: 'Cases' }).click();
    await page.getByRole('combobox', { name: 'Decided' }).click();
    await page.getByRole('option', { name: 'Decided by a person · 1' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('decision-words')).toContainText(/Decided: fails, by /);
    await expect(rows.first().getByTestId('decision-words')).toContainText('the scorers said Passed');

    // A new version of the helpful agent stops talking about shipping, over a version with one more case.
    await configureModelAgent(api, helpful, connectionId, 'scripted', 'Do not talk about shipping.');
    await addCase(api, datasetId, { input: 'Can I return a gift card?', checks: [{ contains: { value: 'never expire' } }], tags: ['gift-cards'] });
    const second = await runEvals(api, { datasetId, agentIds: [helpful], baselineRunId: first });
    await page.goto(datasetPath(datasetId, `?tab=results&run=${encodeURIComponent(second)}`));
    await page.getByRole('tablist', { name: 'Eval run' }).getByRole('tab', { name: 'Comparison' }).click();
    await expect(page.getByTestId('comparison-headline')).toContainText('2 regressions');
    // The decided gift-card answer failed before: it passing now is an improvement, judged on decided outcomes.
    await expect(page.getByTestId('improvement-row')).toHaveCount(1);

    // The runs answered different versions: what changed between them opens side by side.
    await page.getByRole('button', { name: 'See what changed' }).click();
    const versions = page.getByRole('dialog', { name: 'Two versions side by side' });
    await expect(versions.getByTestId('version-diff-counts')).toHaveText('1 added · 0 removed · 0 changed');
    await expect(versions.getByTestId('version-change')).toContainText('Can I return a gift card?');
    await saveScreenshot(page, '123-results-version-diff');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(versions).toBeHidden();

    // A regression opens before and now: the answers word by word, each scorer's verdict before and now.
    await page.getByTestId('regression-row').filter({ hasText: 'How long does shipping take?' }).getByRole('button').click();
    const flip = page.getByRole('dialog', { name: 'Before and now, side by side' });
    await expect(flip.getByTestId('diff-before').locator('del')).not.toHaveCount(0);
    await expect(flip.getByTestId('diff-now').locator('ins')).not.toHaveCount(0);
    await expect(flip.getByTestId('diff-before')).toContainText('Standard shipping takes 3 to 5 working days.');
    await expect(flip.getByTestId('diff-now')).toContainText('I do not know.');
    const judgeRow = flip.getByTestId('verdict-diff').getByRole('row', { name: /Judge/ });
    await expect(judgeRow).toContainText('Pass');
    await expect(judgeRow).toContainText('Fail');
    await saveScreenshot(page, '124-results-run-diff');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The trend: a point per run, dated and versioned, every agent.
    await page.getByRole('button', { name: 'All test runs' }).click();
    const chart = page.getByRole('figure', { name: 'Pass rate per run' });
    await expect(chart).toBeVisible();
    await expect(chart).toContainText('Helpful desk');
    await expect(chart).toContainText('Quiet desk');
    await expect(chart).toContainText(/· v4.*· v5/);
    await saveScreenshot(page, '125-results-trend');

    // From the version list too.
    await page.goto(datasetPath(datasetId));
    await page.getByRole('button', { name: 'Compare versions' }).click();
    await expect(versions.getByTestId('version-diff-counts')).toHaveText('1 added · 0 removed · 0 changed');
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
