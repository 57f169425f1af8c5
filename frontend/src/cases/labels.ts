/**
 * The coloured labels of the cases table: where a case came from, what its
 * answer is tested against, and its tags.
 */

import { countOf } from '../common/count';

export type CaseSource = 'manual' | 'import' | 'conversation' | 'synthetic';

export interface Label {
  text: string;
  color: string;
  /** The label in a sentence, for its tooltip and for screen readers. */
  description: string;
}

const SOURCES: Record<CaseSource, Label> = {
  manual: { text: 'Written', color: 'gray', description: 'Written in the console or through the API' },
  import: { text: 'Imported', color: 'blue', description: 'Imported from a CSV or JSONL file' },
  conversation: { text: 'Conversation', color: 'grape', description: 'Taken from a real conversation' },
  synthetic: { text: 'Generated', color: 'orange', description: 'Drafted by the case generator and accepted by a person' },
};

export const CASE_SOURCES = Object.keys(SOURCES) as CaseSource[];

export function sourceLabel(source: string): Label {
  return SOURCES[source as CaseSource] ?? { text: source, color: 'gray', description: `Source: ${source}` };
}

export type ExpectationKind = 'reference' | 'counter-example' | 'tools' | 'checks';

export interface ExpectationLabel extends Label {
  kind: ExpectationKind;
}

export interface ExpectationsOf {
  referenceAnswer?: string | null;
  counterExample?: string | null;
  referenceVerified: boolean;
  expectedToolCalls: readonly unknown[];
  checks: readonly unknown[];
}

/** What a case's answer is tested against, one label for each of the four expectations it has. */
export function expectationLabels(content: ExpectationsOf): ExpectationLabel[] {
  const labels: ExpectationLabel[] = [];
  if (content.referenceAnswer != null && content.referenceAnswer.trim() !== '') {
    labels.push({
      kind: 'reference',
      text: content.referenceVerified ? 'Reference ✓' : 'Reference',
      color: 'teal',
      description: content.referenceVerified ? 'Has a verified reference answer' : 'Has a reference answer',
    });
  }
  if (content.counterExample != null && content.counterExample.trim() !== '') {
    labels.push({ kind: 'counter-example', text: 'Counter-example', color: 'red', description: 'Has an answer known to be wrong' });
  }
  const tools = content.expectedToolCalls.length;
  if (tools > 0) {
    labels.push({ kind: 'tools', text: `Tools ${tools}`, color: 'violet', description: `Expects ${countOf(tools, 'tool call', 'tool calls')}` });
  }
  const checks = content.checks.length;
  if (checks > 0) {
    labels.push({ kind: 'checks', text: `Checks ${checks}`, color: 'indigo', description: `Has ${countOf(checks, 'check', 'checks')}` });
  }
  return labels;
}

const TAG_COLORS = ['cyan', 'lime', 'pink', 'yellow', 'green', 'blue', 'orange', 'grape'] as const;

/** The same tag always gets the same colour, on every screen. */
export function tagColor(tag: string): string {
  let hash = 0;
  for (const char of tag.toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return TAG_COLORS[hash % TAG_COLORS.length] ?? 'gray';
}
