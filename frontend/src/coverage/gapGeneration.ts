/**
 * Generate for this gap: whether the reader may, and the choices the
 * Generate cases dialog opens with. The API suggests the source and the
 * count; the agent is left for the person to choose, since a dataset names
 * no agent it tests.
 */
import { CHATS_PERMISSION, COUNT, GENERATION_SOURCES, type GenerationChoices, type GenerationSource } from '../generation/generationChoices';

export interface GapSuggestion {
  suggestedSource: string;
  suggestedCount: number;
}

export type GenerateForGapOffer = { kind: 'enabled' } | { kind: 'disabled'; reason: string };

/** The Cases tab offers Generate cases on the newest version to those who may edit the dataset; coverage always reads the newest. */
export const GENERATE_NEEDS_EDIT = 'Generating cases needs permission to edit this dataset.';

export function generateForGapOffer(viewerCan: { edit: boolean }): GenerateForGapOffer {
  return viewerCan.edit ? { kind: 'enabled' } : { kind: 'disabled', reason: GENERATE_NEEDS_EDIT };
}

function sourceFor(suggested: string, permissions: readonly string[]): GenerationSource {
  const known = GENERATION_SOURCES.find((source) => source.value === suggested)?.value;
  // The dialog would show a chats source the reader may not use as refused; the agent drafts for any tag.
  if (known === undefined || (known === 'chats' && !permissions.includes(CHATS_PERMISSION))) return 'agent';
  return known;
}

function countFor(suggested: number): number {
  if (!Number.isInteger(suggested)) return COUNT.default;
  return Math.min(COUNT.max, Math.max(COUNT.min, suggested));
}

/** The dialog's opening choices for a gap: its suggested source alone and its suggested count, within the dialog's bounds. */
export function gapChoices(gap: GapSuggestion, permissions: readonly string[]): GenerationChoices {
  return { agentId: null, sources: [sourceFor(gap.suggestedSource, permissions)], count: countFor(gap.suggestedCount) };
}
