import { accessibilityViolations } from './accessibility';
import { dismissNotifications, expect, saveScreenshot, signIn, test } from './fixtures';
import { signInAs } from './graphqlAsUser';
import { DEMO_ADMIN } from './people';

const ESTIMATE = 'mutation($input: EvalRunInput!) { estimateEvalRun(input: $input) { cases } }';

/**
 * The demo as `make run` leaves it, walked from the first screen with no
 * model connection and no network: the stack's demo was seeded by running
 * its sample agent's two versions through the API, and `casebook dev`'s
 * sample agent process answers the run started here.
 */
test.describe('the demo organization', () => {
  test('the dashboard walks the job: the cases, the runs and their comparison, the waiting review, run it again', async ({ page }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const path = page.getByRole('region', { name: 'Did the change make the agent better or worse?' });
    await expect(path.getByTestId('path-run-sentence')).toHaveText(
      'Shop assistant (sample) v2: 7 of 8 answers passed; 1 regression and 2 improvements against the run before, confirmed by a rerun.',
    );
    await expect(path.getByTestId('path-review-sentence')).toContainText('1 answer waits for your decision');
    await saveScreenshot(page, 'demo-01-dashboard');
    expect(await accessibilityViolations(page)).toEqual([]);

    // 1. The cases: the sample dataset's eight, and the one kept from a thumbs-down reply in Activity.
    await path.getByRole('link', { name: 'See the cases' }).click();
    await expect(page.getByRole('heading', { name: 'Shop assistant (sample)', level: 1 })).toBeVisible();
    await expect(page.getByText('Please cancel order 12345.')).toBeVisible();
    await expect(page.getByText('My toaster stopped working after a month, what can I do?')).toBeVisible();
    await saveScreenshot(page, 'demo-02-cases');
    // The dataset's id, to copy, and the command line with it filled in.
    const ids = page.getByRole('group', { name: 'Dataset id and command' });
    const datasetId = (await ids.getByTestId('copyable-id').textContent()) ?? '';
    expect(page.url()).toContain(`/datasets/${encodeURIComponent(datasetId)}`);
    await expect(ids.getByTestId('eval-command')).toHaveText(`casebook eval --dataset ${datasetId} --agent AGENT_ID --baseline last`);
    await expect(ids.getByRole('button', { name: 'Copy the dataset id' })).toBeVisible();
    // The page's address pasted where an id goes is taken; another kind of id is refused saying where to find the right one.
    const api = await signInAs(process.env.CASEBOOK_E2E_API_URL ?? '', DEMO_ADMIN.email, DEMO_ADMIN.password);
    const agents = await api.request<{ agents: { edges: { node: { id: string } }[] } }>('{ agents { edges { node { id } } } }');
    const agentId = agents.agents.edges[0]?.node.id ?? '';
    const estimated = await api.request<{ estimateEvalRun: { cases: number } }>(ESTIMATE, { input: { datasetId: page.url(), agentIds: [agentId] } });
    expect(estimated.estimateEvalRun.cases).toBe(9);
    await expect(api.request(ESTIMATE, { input: { datasetId: agentId, agentIds: [agentId] } })).rejects.toThrow(
      "names a Agent, not a Dataset: copy the dataset's id from its page in the console (Copy id, under its name)",
    );
    // Its Settings say plainly what works without a model and what needs one, and offer to add one.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const noModel = page.getByTestId('no-model-connection');
    await expect(noModel).toContainText('The judge, the reference answer comparison and case generation need a model connection');
    await expect(noModel.getByRole('button', { name: 'Add model' })).toBeEnabled();
    await saveScreenshot(page, 'demo-02b-settings-without-a-model');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();

    // 2. The latest run and its comparison with version 1's run.
    await path.getByRole('link', { name: 'Open the run and its comparison' }).click();
    await expect(page.getByTestId('eval-status')).toHaveText('Finished');
    await expect(page.getByTestId('comparison-headline')).toHaveText('1 regression (1 confirmed) · 2 improvements · 8 cases compared');
    await expect(page.getByTestId('regression-row')).toContainText('Please cancel order 12345.');
    await expect(page.getByTestId('improvement-row')).toHaveCount(2);
    await saveScreenshot(page, 'demo-03-comparison');
    const runIds = page.getByRole('group', { name: 'Eval run id and command' });
    const runId = (await runIds.getByTestId('copyable-id').textContent()) ?? '';
    await expect(runIds.getByTestId('eval-command')).toHaveText(`casebook eval --dataset ${datasetId} --agent ${agentId} --task my_agent:answer --baseline ${runId}`);
    // Both runs, version 1's and version 2's, among the test runs.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: 'All test runs' }).click();
    const runs = page.getByRole('table', { name: 'Test runs' }).getByTestId('eval-run-row');
    await expect(runs.filter({ hasText: 'Finished' })).toHaveCount(2);
    await expect(runs.filter({ hasText: 'v1' })).toHaveCount(1);
    await saveScreenshot(page, 'demo-04-test-runs');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();

    // 3. The waiting review: the confirmed regression, decided as a failure.
    await path.getByRole('link', { name: 'Review the answers' }).click();
    await expect(page.getByTestId('queue-counts')).toHaveText('1 waits for review: 1 did not pass, 0 not graded, 0 passed.');
    // Review answers lists every graded answer (the rerun that confirmed the regression too);
    // the one waiting is the regression.
    const waiting = page.getByTestId('review-row').filter({ hasText: 'Waits for review' });
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText('Please cancel order 12345.');
    await waiting.getByRole('button').first().click();
    const panel = page.getByRole('complementary', { name: 'Answer under review' });
    await expect(panel.getByTestId('review-question')).toHaveText('Please cancel order 12345.');
    await saveScreenshot(page, 'demo-05-review');
    await page.keyboard.press('f');
    await expect(page.getByTestId('queue-counts')).toHaveText('Nothing waits for review.');
    await dismissNotifications(page);
    await saveScreenshot(page, 'demo-06-review-decided');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(path.getByTestId('path-review-sentence')).toContainText('Nothing waits for a decision');

    // 4. Run it again: the sample agent answers the new run, and its page follows it live to the end.
    await path.getByRole('button', { name: 'Run it again' }).click();
    await expect(page).toHaveURL(/tab=results&run=/);
    await expect(page.getByTestId('eval-status')).toHaveText('Finished', { timeout: 30_000 });
    await saveScreenshot(page, 'demo-07-run-again-finished');
    // Compared with the run it was started from: nothing changed on the eight cases both had.
    await page.getByRole('tab', { name: 'Comparison' }).click();
    await expect(page.getByTestId('comparison-headline')).toHaveText('No regression · 0 improvements · 8 cases compared');
    await saveScreenshot(page, 'demo-08-run-again-comparison');
  });
});
