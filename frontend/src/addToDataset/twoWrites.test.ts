import { describe, expect, it, vi } from 'vitest';
import type { ApiProblem } from '../api/errors';
import { type AddOutcome, addMessage, rateAndAddMessage, rateThenAdd } from './twoWrites';

const refusedRating: ApiProblem = { code: 'NOT_FOUND', title: 'Not found', message: 'Run not found.', fields: [] };
const forbidden: ApiProblem = { code: 'FORBIDDEN', title: 'Not allowed', message: 'You may not edit this dataset.', fields: [] };
const conflict: ApiProblem = { code: 'CONFLICT', title: 'Changed in the meantime', message: 'This answer is already a case.', fields: [] };
const added: AddOutcome = { ok: true, added: { caseId: 'c1', datasetId: 'd1', datasetName: 'Returns', version: 4, keptAs: 'COUNTER_EXAMPLE' } };

describe('rateThenAdd', () => {
  it('saves the rating first and adds the case after it', async () => {
    const order: string[] = [];
    const outcome = await rateThenAdd(
      async () => {
        order.push('rate');
        return { ok: true };
      },
      async () => {
        order.push('add');
        return added;
      },
    );
    expect(order).toEqual(['rate', 'add']);
    expect(outcome).toEqual({ rating: 'saved', add: added });
  });

  it('never adds when the rating was refused', async () => {
    const add = vi.fn(async () => added);
    const outcome = await rateThenAdd(async () => ({ ok: false, problem: refusedRating }), add, 'Returns');
    expect(add).not.toHaveBeenCalled();
    expect(outcome).toEqual({ rating: 'refused', problem: refusedRating, addWanted: true, datasetName: 'Returns' });
  });

  it('rates alone when no add was asked for', async () => {
    expect(await rateThenAdd(async () => ({ ok: true }), null)).toEqual({ rating: 'saved', add: null });
  });
});

describe('rateAndAddMessage', () => {
  it('says both halves happened', () => {
    const message = rateAndAddMessage({ rating: 'saved', add: added });
    expect(message.tone).toBe('success');
    expect(message.title).toBe('Rated down and added to “Returns”');
    expect(message.message).toContain('the counter-example in version 4');
  });

  it('says the rating stayed when the add was refused, and why', () => {
    const message = rateAndAddMessage({ rating: 'saved', add: { ok: false, refused: { problem: forbidden, datasetName: 'Returns', existingCaseId: null } } });
    expect(message).toEqual({
      tone: 'partial',
      title: 'Rated down, but not added',
      message: 'Your rating and comment are saved. Adding it to “Returns” was refused: You may not edit this dataset.',
    });
  });

  it('says an answer already a case was not added twice', () => {
    const message = rateAndAddMessage({ rating: 'saved', add: { ok: false, refused: { problem: conflict, datasetName: 'Returns', existingCaseId: 'c7' } } });
    expect(message.tone).toBe('partial');
    expect(message.message).toContain('already a case of the newest version of “Returns”');
  });

  it('says neither half happened when the rating was refused', () => {
    const message = rateAndAddMessage({ rating: 'refused', problem: refusedRating, addWanted: true, datasetName: 'Returns' });
    expect(message.tone).toBe('failure');
    expect(message.title).toBe('Your rating was not saved');
    expect(message.message).toBe('Run not found. The answer was not added to “Returns” either: it is added only after the rating is saved.');
    expect(rateAndAddMessage({ rating: 'refused', problem: refusedRating, addWanted: false, datasetName: null }).message).toBe('Run not found.');
  });

  it('reads a refused field in its own words', () => {
    const badInput: ApiProblem = { code: 'BAD_USER_INPUT', title: 'x', message: 'Check the highlighted field.', fields: [{ path: 'datasetId', message: 'choose a dataset you may edit' }] };
    expect(addMessage({ ok: false, refused: { problem: badInput, datasetName: 'Returns', existingCaseId: null } }).message).toBe(
      'Adding it to “Returns” was refused: Choose a dataset you may edit.',
    );
  });
});

describe('addMessage', () => {
  it('names the dataset, what the answer is kept as and the version', () => {
    expect(addMessage({ ok: true, added: { caseId: 'c1', datasetId: 'd1', datasetName: 'Returns', version: 2, keptAs: 'REFERENCE' } })).toEqual({
      tone: 'success',
      title: 'Added to “Returns”',
      message: 'The answer is kept as the reference answer, in version 2.',
    });
  });
});
