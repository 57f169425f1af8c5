import type { Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { dismissNotifications, expect, saveElementScreenshot, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR, TEAMMATE } from './people';
import { addCase, addScriptedModelConnection, configureModelAgent, createDataset, createModelAgent, curatorApi, datasetPath } from './seed';

const CASES = [
  { input: 'How long is the return window?', checks: [{ contains: { value: '14 days' } }], tags: ['returns'] },
  { input: 'What is the return window for shoes?', checks: [{ contains: { value: '14 days' } }], tags: ['returns'] },
  { input: 'Do gift cards expire?', checks: [{ contains: { value: 'never expire' } }], tags: ['gift-cards'] },
  { input: 'How long does shipping take?', checks: [{ contains: { value: '3 to 5' } }], tags: ['shipping'] },
  { input: 'Is shipping slower at weekends?', checks: [{ contains: { value: '3 to 5' } }], tags: ['shipping'] },
  { input: 'How long does express shipping take?', checks: [{ contains: { value: '3 to 5' } }], tags: ['shipping'] },
];

/** Chooses the agent, one answer in flight (so progress is slow enough to watch), optionally the run to compare with; estimates; starts. */
async function startRun(page: Page, agentName: string, compareWith: RegExp | null, screenshot: string | null): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Test an agent' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Start' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Agents' }).click();
  await page.getByRole('option', { name: agentName }).click();
  await dialog.getByRole('textbox', { name: 'Answers in flight' }).fill('1');
  if (compareWith) {
    await dialog.getByRole('combobox', { name: 'Compare with' }).click();
    await page.getByRole('option', { name: compareWith }).click();
  }
  await dialog.getByRole('button', { name: 'Estimate' }).click();
  const estimate = dialog.getByRole('region', { name: 'Estimate' });
  await expect(estimate.getByTestId('estimate-answers')).toHaveText(`${CASES.length} answers to produce: ${CASES.length} cases of version ${CASES.length} × 1 agent × 1 repetition.`);
  await expect(estimate.getByRole('cell', { name: 'The judge' })).toBeVisible();
  if (screenshot) await saveElementScreenshot(dialog, screenshot);
  // A changed choice puts the estimate away; estimating again brings Start back.
  await dialog.getByRole('textbox', { name: 'Answers in flight' }).fill('2');
  await expect(estimate).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Start' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Answers in flight' }).fill('1');
  await dialog.getByRole('button', { name: 'Estimate' }).click();
  await expect(estimate).toBeVisible();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('eval runs', () => {
  test('start a run from Settings, watch it answer; a new agent version regresses, and the comparison shows it', async ({ page }) => {
    test.setTimeout(180_000);
    const api = await curatorApi();
    const connectionId = await addScriptedModelConnection(api, 'Eval replies', ['scripted-slow']);
    const agentId = await createModelAgent(api, 'Eval desk', connectionId, 'scripted-slow');
    const datasetId = await createDataset(api, 'Support answers under test');
    for (const seedCase of CASES) await addCase(api, datasetId, seedCase);

    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();

    // Settings' "Test an agent" leads to Results → Test runs with the start dialog open.
    await page.goto(datasetPath(datasetId, '?tab=settings'));
    await page.getByRole('link', { name: 'Test an agent' }).click();
    await expect(page).toHaveURL(/tab=results&start=1/);
    await startRun(page, 'Eval desk', null, '70-eval-start-estimate');

    // The run's page: the bar moves as answers arrive over the subscription.
    await expect(page).toHaveURL(/tab=results&run=/);
    const counts = page.getByTestId('eval-progress-counts');
    await expect(counts).toHaveText(/^[1-5] of 6 answered/, { timeout: 30_000 });
    const bar = page.getByRole('progressbar', { name: 'Answers produced' });
    const partway = Number(await bar.getAttribute('aria-valuenow'));
    expect(partway).toBeGreaterThan(0);
    expect(partway).toBeLessThan(6);
    await saveScreenshot(page, '71-eval-run-progress');
    await expect(page.getByTestId('eval-status')).toHaveText('Finished', { timeout: 60_000 });
    await expect(counts).toHaveText('6 of 6 answered · 6 scored: 6 passed, 0 failed, 0 not graded');
    await expect(page.getByRole('table', { name: 'Per agent' }).getByTestId('summary-agent-row')).toContainText('100%');
    await saveScreenshot(page, '72-eval-run-finished');

    await page.getByRole('button', { name: 'All test runs' }).click();
    const row = page.getByRole('table', { name: 'Test runs' }).getByTestId('eval-run-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Finished');
    await expect(row).toContainText('Eval desk');

    // A new version of the agent stops talking about shipping; the next run compares with the first.
    await configureModelAgent(api, agentId, connectionId, 'scripted-slow', 'Do not talk about shipping.');
    await page.getByRole('button', { name: 'Run evals' }).click();
    await startRun(page, 'Eval desk', /^Version 6 · Eval desk/, null);
    await expect(page.getByTestId('eval-status')).toHaveText('Finished', { timeout: 90_000 });
    await dismissNotifications(page);

    await page.getByRole('tablist', { name: 'Eval run' }).getByRole('tab', { name: 'Comparison' }).click();
    await expect(page.getByTestId('comparison-headline')).toHaveText('3 regressions (3 confirmed) · 0 improvements · 6 cases compared');
    await expect(page.getByTestId('comparison-pass-rate')).toContainText('100%');
    await expect(page.getByTestId('comparison-pass-rate')).toContainText('50%');
    const regressions = page.getByTestId('regression-row');
    await expect(regressions).toHaveCount(3);
    await expect(regressions.first()).toContainText('Regression, confirmed');
    await saveScreenshot(page, '73-eval-comparison');
    expect(await accessibilityViolations(page)).toEqual([]);

    await regressions.first().getByRole('button').click();
    const drawer = page.getByRole('dialog', { name: 'Before and now, side by side' });
    await expect(drawer.getByRole('region', { name: 'Before', exact: true })).toContainText('Standard shipping takes 3 to 5 working days.');
    await expect(drawer.getByRole('region', { name: 'Now', exact: true })).toContainText('I do not know.');
    await saveScreenshot(page, '74-eval-answers-side-by-side');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The cases table filters to what failed; a finished run's shortcut opens its answers in Review answers.
    await page.getByRole('tablist', { name: 'Eval run' }).getByRole('tab', { name: 'Cases' }).click();
    await page.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await expect(page.getByTestId('eval-case-row')).toHaveCount(3);
    await saveScreenshot(page, '75-eval-cases-failed');
    await page.getByRole('tablist', { name: 'Eval run' }).getByRole('tab', { name: 'To review' }).click();
    await expect(page.getByRole('region', { name: 'To review' })).toContainText('How long does shipping take?');
    await page.getByRole('link', { name: 'Review results' }).click();
    await expect(page).toHaveURL(/tab=results&view=review&evalRun=/);
    await expect(page.getByTestId('review-row').first()).toBeVisible();
    await expect(page.getByTestId('review-row').filter({ hasText: 'How long does shipping take?' }).filter({ hasText: 'Waits for review' })).toHaveCount(1);

    await page.getByRole('tablist', { name: 'Results' }).getByRole('tab', { name: 'Test runs' }).click();
    await expect(page.getByRole('figure', { name: 'Pass rate per run' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Test runs' }).getByTestId('eval-run-row').filter({ hasText: 'Finished' })).toHaveCount(2);
    await saveScreenshot(page, '76-eval-test-runs');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('a run is cancelled while it answers, and says so', async ({ page }) => {
    test.setTimeout(120_000);
    const api = await curatorApi();
    const connectionId = await addScriptedModelConnection(api, 'Slow replies', ['scripted-slow']);
    await createModelAgent(api, 'Patient eval desk', connectionId, 'scripted-slow');
    const datasetId = await createDataset(api, 'Answers to cancel');
    for (const seedCase of CASES) await addCase(api, datasetId, seedCase);

    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    await page.goto(datasetPath(datasetId, '?tab=results'));
    await expect(page.getByText('No test run yet')).toBeVisible();
    await page.getByRole('button', { name: 'Run evals' }).click();
    await startRun(page, 'Patient eval desk', null, null);
    await expect(page.getByTestId('eval-progress-counts')).toHaveText(/^[1-4] of 6 answered/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await expect(page.getByTestId('eval-status')).toHaveText('Cancelled', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Cancel run' })).toBeHidden();
    await expect(page.getByText(`Cancelled by ${CURATOR.name}.`)).toBeVisible();
    await expect(page.getByTestId('eval-progress-counts')).not.toHaveText(/^6 of 6/);
    await saveScreenshot(page, '73-eval-run-cancelled');
  });

  test('a member who may run the dataset but not read runs sees Run evals disabled, saying why', async ({ page }) => {
    const api = await curatorApi();
    const datasetId = await createDataset(api, 'Shared with the team');
    await addCase(api, datasetId, CASES[0] ?? { input: 'How long is the return window?', referenceAnswer: '14 days.' });
    await signIn(page, TEAMMATE.email, TEAMMATE.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    await page.goto(datasetPath(datasetId, '?tab=results&start=1'));
    await expect(page.getByRole('heading', { name: 'Test runs' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run evals' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('run-evals-reason')).toHaveText(/runs:view/);
    // The start dialog does not open for them, even from its address.
    await expect(page.getByRole('dialog', { name: 'Test an agent' })).toBeHidden();
    await expect(page.getByText('Test runs need permission to read runs')).toBeVisible();
    await saveScreenshot(page, '77-eval-run-evals-disabled');
  });
});
