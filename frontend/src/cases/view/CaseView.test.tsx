import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CaseFieldsFragment } from '../../gql/graphql';
import { CaseView } from './CaseView';
import { apiCheck } from '../testChecks';

const PLACEHOLDER = '[hidden: needs runs:view or access to the source conversation]';

const base: CaseFieldsFragment = {
  id: 'Q2FzZTox',
  revision: 2,
  changedInVersion: 4,
  source: 'manual',
  sourceLink: null,
  masked: false,
  input: 'Where is my refund?',
  history: [],
  referenceAnswer: 'Within **5 working days**.',
  counterExample: null,
  expectedToolCalls: [],
  orderMode: 'any',
  checks: [apiCheck({ type: 'contains', value: 'days' })],
  tags: ['billing'],
  note: 'Guards the refund promise.',
  referenceVerified: true,
  createdAt: '2026-11-01T10:00:00Z',
  revisedAt: '2026-11-02T10:00:00Z',
  anonymisedAt: null,
};

function html(data: CaseFieldsFragment): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <MantineProvider>
        <CaseView data={data} />
      </MantineProvider>
    </MemoryRouter>,
  );
}

describe('CaseView', () => {
  it('says a case whose asker was erased is Anonymised after erasure, and why it sits out eval runs', () => {
    const erased = html({ ...base, input: '[erased]', anonymisedAt: '2026-12-01T06:00:00Z' });
    expect(erased).toContain('Anonymised after erasure');
    expect(erased).toContain('Eval runs leave it out');
    expect(html(base)).not.toContain('Anonymised after erasure');
  });

  it('links a case taken from a conversation to its run in Activity', () => {
    const link = { runId: 'UnVuOjc=', conversationId: 'Q29udmVyc2F0aW9uOjM=', messageId: 'TWVzc2FnZTo5', questionMessageId: null, knowledgeDocumentId: null, passageId: null };
    const taken = html({ ...base, source: 'conversation', sourceLink: link });
    expect(taken).toContain('Came from');
    expect(taken).toContain('href="/activity/runs/UnVuOjc%3D"');
    expect(taken).toContain('Its run in Activity');
    expect(html({ ...base, sourceLink: { ...link, runId: null } })).toContain('A recorded conversation');
    expect(html(base)).not.toContain('Came from');
  });

  it('says what an accepted generated case was drafted from, as its draft did', () => {
    const none = { runId: null, conversationId: null, messageId: null, questionMessageId: null, knowledgeDocumentId: null, passageId: null };
    const passage = html({ ...base, source: 'synthetic', sourceLink: { ...none, knowledgeDocumentId: 'S25vd2xlZGdlRG9jdW1lbnQ6MQ==', passageId: '12' } });
    expect(passage).toContain('A passage of a knowledge document');
    const question = html({ ...base, source: 'synthetic', sourceLink: { ...none, conversationId: 'Q29udmVyc2F0aW9uOjM=', questionMessageId: 'TWVzc2FnZTo4' } });
    expect(question).toContain('A question people asked');
    expect(question).not.toContain('A recorded conversation');
  });

  it('shows the question, the labelled reference through Markdown, checks, note and tags', () => {
    const out = html(base);
    expect(out).toContain('aria-label="Question"');
    expect(out).toContain('aria-label="Reference answer"');
    expect(out).toContain('<strong>5 working days</strong>');
    expect(out).toContain('Verified');
    expect(out).toContain('Contains “days”');
    expect(out).toContain('Guards the refund promise.');
    expect(out).toContain('billing');
    expect(out).not.toContain('Its text is hidden from you');
  });

  it('shows a masked case’s placeholder, says why, and renders no Markdown from it', () => {
    const out = html({
      ...base,
      masked: true,
      source: 'conversation',
      input: PLACEHOLDER,
      referenceAnswer: PLACEHOLDER,
      note: PLACEHOLDER,
      history: [{ role: 'user', content: PLACEHOLDER }],
      expectedToolCalls: [{ tool: 'lookup_order', args: {} }],
    });
    expect(out).toContain('Its text is hidden from you');
    expect(out).toContain('Reading its text needs permission to read runs, or access to the conversation it came from');
    expect(out).toContain(PLACEHOLDER);
    expect(out).toContain('Show 1 earlier turn');
    expect(out).toContain('lookup_order');
  });

  it('says what a case without a reference or counter-example is graded on', () => {
    expect(html({ ...base, referenceAnswer: null })).toContain('graded on its tool calls and checks');
  });
});
