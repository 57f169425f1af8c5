// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaseRowFieldsFragment } from '../gql/graphql';
import { CasesTable } from './CasesTable';

afterEach(cleanup);

function row(id: string, input: string, anonymisedAt: string | null): CaseRowFieldsFragment {
  return {
    __typename: 'Case',
    id,
    revision: 2,
    changedInVersion: 3,
    source: 'conversation',
    masked: false,
    input,
    history: [],
    referenceAnswer: null,
    counterExample: '[erased]',
    expectedToolCalls: [],
    checks: [],
    tags: ['billing'],
    referenceVerified: false,
    anonymisedAt,
  } as CaseRowFieldsFragment;
}

function renderTable(cases: CaseRowFieldsFragment[]) {
  const noop = () => undefined;
  render(
    <MantineProvider>
      <CasesTable cases={cases} canEdit selectedId={null} onOpen={noop} onEdit={noop} onRemove={noop} onTag={noop} />
    </MantineProvider>,
  );
}

describe('CasesTable', () => {
  it('marks a case whose asker was erased, and only that one', () => {
    renderTable([row('c1', '[erased]', '2026-12-01T06:00:00Z'), row('c2', 'Where is my refund?', null)]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Anonymised after erasure')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('Anonymised after erasure')).toBeNull();
  });
});
