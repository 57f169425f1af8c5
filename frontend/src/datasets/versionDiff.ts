/**
 * A changed case's fields as text, so each field's before and after can be
 * set side by side with its differences marked word by word.
 */
import { checkJsonFromApi, describeCheck } from '../cases/checks';
import type { CaseFieldName, DiffCaseFieldsFragment } from '../gql/graphql';

export const FIELD_LABELS: Record<CaseFieldName, string> = {
  INPUT: 'Question',
  HISTORY: 'Conversation before',
  REFERENCE_ANSWER: 'Reference answer',
  COUNTER_EXAMPLE: 'Counter-example',
  EXPECTED_TOOL_CALLS: 'Expected tool calls',
  ORDER_MODE: 'Tool call order',
  CHECKS: 'Checks',
  TAGS: 'Tags',
  NOTE: 'Note',
  REFERENCE_VERIFIED: 'Reference verified',
};

/** One field of a case as the text a reader compares: lists a line per item. */
export function fieldText(item: DiffCaseFieldsFragment | null | undefined, field: CaseFieldName): string {
  if (!item) return '';
  switch (field) {
    case 'INPUT':
      return item.input;
    case 'HISTORY':
      return item.history.map((turn) => `${turn.role}: ${turn.content}`).join('\n');
    case 'REFERENCE_ANSWER':
      return item.referenceAnswer ?? '';
    case 'COUNTER_EXAMPLE':
      return item.counterExample ?? '';
    case 'EXPECTED_TOOL_CALLS':
      return item.expectedToolCalls.map((call) => `${call.tool}(${JSON.stringify(call.args ?? {})})`).join('\n');
    case 'ORDER_MODE':
      return item.orderMode;
    case 'CHECKS':
      return item.checks.map((check) => describeCheck(checkJsonFromApi(check))).join('\n');
    case 'TAGS':
      return item.tags.join(', ');
    case 'NOTE':
      return item.note ?? '';
    case 'REFERENCE_VERIFIED':
      return item.referenceVerified ? 'yes' : 'no';
  }
}

/** "2 added · 1 removed · 3 changed", or that nothing differs. */
export function versionDiffWords(diff: { added: number; removed: number; changed: number }): string {
  if (diff.added + diff.removed + diff.changed === 0) return 'No case differs';
  return `${diff.added} added · ${diff.removed} removed · ${diff.changed} changed`;
}
