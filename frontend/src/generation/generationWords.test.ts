import { describe, expect, it } from 'vitest';
import { acceptedWords, draftKnowledgeBase, draftLinkWords, gapTagWords, isFinished, outcomeWords, twinCases } from './generationWords';

describe('a generation in words', () => {
  it('says how many were proposed and left out, unreadable apart from rule-broken', () => {
    expect(outcomeWords({ status: 'succeeded', kept: 4, unreadable: 1, ruleBroken: 1 })).toBe('4 cases proposed; 2 cases left out: 1 could not be read, 1 broke its source\'s rule.');
    expect(outcomeWords({ status: 'succeeded', kept: 1, unreadable: 0, ruleBroken: 0 })).toBe('1 case proposed; none left out.');
    expect(outcomeWords({ status: 'failed', kept: 0, unreadable: 3, ruleBroken: 2 })).toBe("0 cases proposed; 5 cases left out: 3 could not be read, 2 broke their source's rule.");
  });

  it('is finished once it succeeded or failed', () => {
    expect(['queued', 'running', 'succeeded', 'failed'].map(isFinished)).toEqual([false, false, true, true]);
  });

  it('names the version an Accept made', () => {
    expect(acceptedWords(3, 8)).toBe('3 cases accepted as version 8.');
    expect(acceptedWords(1, 2)).toBe('1 case accepted as version 2.');
  });
});

describe("a draft's link", () => {
  it('says what each source links to, and nothing for the agent', () => {
    expect(draftLinkWords({ source: 'knowledge', knowledgeDocumentId: 'doc-1', passageId: 'p-2' })).toBe('From a passage of document doc-1');
    expect(draftLinkWords({ source: 'chats', questionMessageId: '42' })).toBe('Varies question 42 people asked');
    expect(draftLinkWords({ source: 'red_team', category: 'prompt-injection' })).toBe('Red-team category: prompt-injection');
    expect(draftLinkWords({ source: 'agent' })).toBeNull();
  });

  it("links a knowledge draft's base by its page, and nothing when it is not readable", () => {
    const base = { id: 'S25vd2xlZGdlQmFzZTox', name: 'Policies' };
    expect(draftKnowledgeBase({ source: 'knowledge', knowledgeDocumentId: 'doc-1', knowledgeBase: base })).toEqual({ name: 'Policies', path: '/knowledge/S25vd2xlZGdlQmFzZTox' });
    expect(draftKnowledgeBase({ source: 'knowledge', knowledgeDocumentId: 'doc-1', knowledgeBase: null })).toBeNull();
    expect(draftKnowledgeBase({ source: 'chats', questionMessageId: '42' })).toBeNull();
  });
});

describe('the tag of a coverage gap', () => {
  it('says the drafts will be written for the tag and tagged with it', () => {
    expect(gapTagWords('refunds')).toBe('The drafts will be written for “refunds” and tagged with it, whatever the sources below.');
    expect(gapTagWords('red-team:injection')).toContain('written for “red-team:injection” and tagged with it');
  });
});

describe('twinCases', () => {
  it('lists each case an Accept was stopped by once, drafts asking the same question included', () => {
    const twin = { id: 'case-1', input: 'Where is my parcel?' };
    const other = { id: 'case-2', input: 'Refund order 42' };
    expect(
      twinCases([
        { proposedCaseId: 'draft-1', cases: [twin] },
        { proposedCaseId: 'draft-2', cases: [twin, other] },
      ]),
    ).toEqual([twin, other]);
    expect(twinCases([])).toEqual([]);
  });
});
