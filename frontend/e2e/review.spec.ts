import { accessibilityViolations } from './accessibility';
import { dismissNotifications, expect, saveElementScreenshot, saveScreenshot, signIn, test } from './fixtures';
import { CURATOR } from './people';
import { addCase, addScriptedModelConnection, createDataset, curatorApi, scoreAnswer, setJudge, setReviewByPerson } from './seed';

const DATASET = 'Answers under review';
const RIGHT = 'Returns are accepted within 14 days of delivery.';
const DONT_KNOW = 'I do not know.';

/** Ten answers in the order they are scored: the judge fails the four that do not know. The last is answered on the judge's own model. */
const ANSWERS = [
  { question: 'How long is the return window?', answer: RIGHT, passes: true, tag: 'returns' },
  { question: 'Can I return shoes I wore outside?', answer: DONT_KNOW, passes: false, tag: 'returns' },
  { question: 'How long do I have to return a gift?', answer: RIGHT, passes: true, tag: 'returns' },
  { question: 'Do gift cards expire?', answer: 'Gift cards never expire.', passes: true, tag: 'gift-cards' },
  { question: 'Can I top up a gift card?', answer: DONT_KNOW, passes: false, tag: 'gift-cards' },
  { question: 'How long does shipping take?', answer: 'Standard shipping takes 3 to 5 working days.', passes: true, tag: 'shipping' },
  { question: 'Do you ship on Sundays?', answer: DONT_KNOW, passes: false, tag: 'shipping' },
  { question: 'Is shipping free over 50 euros?', answer: 'Shipping is free on orders over 50 euros.', passes: true, tag: 'shipping' },
  { question: 'Will prices go up next year?', answer: DONT_KNOW, passes: false, tag: 'pricing' },
  { question: 'What is the return window for sale items?', answer: RIGHT, passes: true, tag: 'returns' },
];

/** Newest first, as the table lists them. */
const LISTED = [...ANSWERS].reverse();
/** The judge failed it for not knowing; a person decides that not knowing is the right answer about next year's prices. */
const OVERRULED = LISTED.findIndex((item) => item.question === 'Will prices go up next year?');

test.describe('review answers', () => {
  test('review ten answers with the keyboard, overrule the judge, undo; the dashboard card follows', async ({ page }) => {
    test.setTimeout(150_000);
    const api = await curatorApi();
    const connectionId = await addScriptedModelConnection(api, 'Judge of the review', ['scripted-judge']);
    const datasetId = await createDataset(api, DATASET);
    const caseIds: string[] = [];
    for (const item of ANSWERS) caseIds.push((await addCase(api, datasetId, { input: item.question, referenceAnswer: item.passes ? item.answer : 'Nobody can say yet.', tags: [item.tag] })).id);
    await setJudge(api, datasetId, connectionId, 'scripted-judge');
    await setReviewByPerson(api, datasetId, 'EVERY');
    for (const [index, item] of ANSWERS.entries()) {
      const last = index === ANSWERS.length - 1;
      const score = await scoreAnswer(api, { caseId: caseIds[index] ?? '', answer: item.answer, agentName: 'Help desk', agentVersion: '3', answeringModel: last ? 'scripted-judge' : 'scripted' });
      expect(score.outcome).toBe(item.passes ? 'PASS' : 'FAIL');
    }

    // The dashboard's card counts what waits in the dataset, and opens its Review answers.
    await signIn(page, CURATOR.email, CURATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
    await expect(page.getByRole('heading', { name: 'Datasets', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    const card = page.getByTestId('waiting-for-review-card');
    const cardRow = card.getByTestId('waiting-dataset-row').filter({ hasText: DATASET });
    await expect(cardRow.getByRole('cell')).toHaveText([DATASET, '4', '0', '6']);
    await saveElementScreenshot(card, '80-review-dashboard-card');
    expect(await accessibilityViolations(page)).toEqual([]);
    await cardRow.getByRole('link', { name: DATASET }).click();
    await expect(page).toHaveURL(/tab=results&view=review$/);

    const rows = page.getByTestId('review-row');
    await expect(rows).toHaveCount(10);
    await expect(page.getByTestId('queue-counts')).toHaveText('10 wait for review: 4 did not pass, 0 not graded, 6 passed.');
    await expect(page.getByTestId('review-tab-count')).toHaveText('10');
    await expect(rows.first()).toContainText(LISTED[0]?.question ?? '');
    await expect(rows.first()).toContainText('Waits for review');
    await saveScreenshot(page, '81-review-answers');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The keys are documented where they are used.
    await page.keyboard.press('?');
    const keys = page.getByRole('region', { name: 'Keyboard' });
    await expect(keys).toContainText('Open the next answer');
    await page.keyboard.press('?');
    await expect(keys).toBeHidden();

    // J opens the first answer; P or F decides it and the next one opens.
    await page.keyboard.press('j');
    const panel = page.getByRole('complementary', { name: 'Answer under review' });
    await expect(panel.getByRole('heading', { name: 'Answer 1 of 10' })).toBeVisible();
    await expect(panel.getByTestId('judge-own-model-warning')).toContainText('The judge graded on the model that answered (scripted-judge)');
    await saveScreenshot(page, '82-review-panel');
    expect(await accessibilityViolations(page)).toEqual([]);
    for (const [index, item] of LISTED.entries()) {
      await expect(panel.getByRole('heading', { name: `Answer ${index + 1} of 10` })).toBeVisible();
      await expect(panel.getByTestId('review-question')).toHaveText(item.question);
      const findings = panel.getByTestId('scorer-finding');
      await expect(findings.first()).toContainText(item.passes ? 'Pass' : 'Fail');
      // Only the last decision's message stays on screen, to undo it from there.
      if (index === LISTED.length - 1) await dismissNotifications(page);
      if (index === OVERRULED) {
        await page.keyboard.press('n');
        await page.keyboard.type('Saying it cannot know future prices is the right answer.');
        await page.keyboard.press('Escape');
        await page.keyboard.press('p');
      } else {
        await page.keyboard.press(item.passes ? 'p' : 'f');
      }
      if (index < LISTED.length - 1) await expect(panel.getByRole('heading', { name: `Answer ${index + 2} of 10` })).toBeVisible();
    }
    await expect(page.getByTestId('queue-counts')).toHaveText('Nothing waits for review.');
    await expect(rows).toHaveCount(10);
    await expect(rows.nth(OVERRULED)).toContainText('Overruled');
    await expect(rows.nth(OVERRULED)).toContainText('Passed');
    await expect(rows.filter({ hasText: /Decided|Overruled/ })).toHaveCount(10);

    // The last decision is undone from the message confirming it: that answer waits again.
    const confirmation = page.locator('.mantine-Notification-root').filter({ hasText: 'Decision saved' });
    await expect(confirmation).toHaveCount(1);
    await saveElementScreenshot(confirmation, '83-review-decision-saved');
    await confirmation.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('queue-counts')).toHaveText('1 waits for review: 0 did not pass, 0 not graded, 1 passed.');
    await expect(rows.last()).toContainText('Waits for review');
    await dismissNotifications(page);

    // The overruled answer keeps the judge's findings beside the person's decision and note.
    await rows.nth(OVERRULED).getByRole('button').first().click();
    await expect(panel.getByTestId('review-state')).toContainText('overruling the scorers, who said failed');
    await expect(panel.getByTestId('scorer-findings')).toContainText('The answer says it does not know instead of answering.');
    await expect(panel.getByRole('textbox', { name: 'Note' })).toHaveValue('Saying it cannot know future prices is the right answer.');
    const offer = panel.getByTestId('criterion-offer');
    await expect(offer.getByRole('textbox', { name: 'Criterion' })).toHaveValue('Saying it cannot know future prices is the right answer.');
    await saveScreenshot(page, '84-review-overruled');

    // The note becomes a judge criterion for every case: the rubric holds it, and Settings shows how far the judge agrees with people.
    await offer.getByRole('textbox', { name: 'Criterion' }).fill('Does the answer admit what nobody can know yet?');
    await offer.getByRole('button', { name: 'For every case' }).click();
    await expect(page.getByText('Every case is graded on it')).toBeVisible();
    await dismissNotifications(page);

    // A note not saved is guarded: moving on asks first.
    await page.keyboard.press('n');
    await page.keyboard.type('A second thought');
    await page.keyboard.press('Escape');
    await page.keyboard.press('j');
    const leave = page.getByRole('dialog', { name: /with unsaved changes\?$/ });
    await expect(leave).toContainText('Your note on this answer');
    await leave.getByRole('button', { name: 'Discard' }).click();
    await expect(panel.getByRole('heading', { name: `Answer ${OVERRULED + 2} of 10` })).toBeVisible();

    // The dashboard card follows: one answer of the dataset waits, and it passed.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(cardRow.getByRole('cell')).toHaveText([DATASET, '0', '0', '1']);
    await saveElementScreenshot(card, '85-review-dashboard-card-after');

    // Settings: beside each criterion, how often the judge agreed with the people who decided.
    await page.goto(`/datasets/${encodeURIComponent(datasetId)}?tab=settings`);
    const trust = page.getByTestId('criterion-trust').filter({ hasText: 'Agrees with people' }).first();
    await expect(trust).toContainText('of 9 decisions');
    await saveElementScreenshot(page.getByRole('region', { name: 'Judge' }), '86-review-judge-trust');
  });
});
