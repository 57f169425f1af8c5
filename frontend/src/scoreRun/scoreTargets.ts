/**
 * Score against a case, as choices (spec: datasets, Scoring a run): datasets
 * with a case asking the run's own question come first, then those with the
 * closest cases; the dialog opens on the first and picks its matching case.
 */
export interface TargetLike {
  dataset: { id: string; name: string };
  case: { id: string; input: string };
}

export interface DatasetChoice {
  id: string;
  name: string;
  /** It has a case asking the run's own question. */
  matching: boolean;
}

/** Every dataset listed once: those with a matching case first, in the API's order. */
export function datasetChoices(matching: readonly TargetLike[], closest: readonly TargetLike[]): DatasetChoice[] {
  const choices: DatasetChoice[] = [];
  const seen = new Set<string>();
  for (const [targets, isMatching] of [
    [matching, true],
    [closest, false],
  ] as const) {
    for (const target of targets) {
      if (seen.has(target.dataset.id)) continue;
      seen.add(target.dataset.id);
      choices.push({ id: target.dataset.id, name: target.dataset.name, matching: isMatching });
    }
  }
  return choices;
}

/** How many datasets have a case asking the run's question: several, and the dialog says so. */
export function matchingDatasetCount(matching: readonly TargetLike[]): number {
  return new Set(matching.map((target) => target.dataset.id)).size;
}

/** The case the dialog picks in a dataset: the first asking the run's own question, else none until one is chosen. */
export function initialCaseId(matching: readonly TargetLike[], datasetId: string | null): string | null {
  return matching.find((target) => target.dataset.id === datasetId)?.case.id ?? null;
}
