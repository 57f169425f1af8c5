/**
 * `setGeneratorModel` and `Dataset.generatorModel` name the connection by its
 * global id, as `ModelConnection.id` and the judge's settings do: the card
 * sends the selector's choice as it is and reads the saved one back as the
 * selector's value, with no conversion.
 */
export type ModelChoice = { connectionId: string | null; model: string | null };

/** The selector's choice as `setGeneratorModel`'s variables; both null for none. */
export function generatorModelVariables(datasetId: string, choice: ModelChoice) {
  return { datasetId, modelConnectionId: choice.connectionId, model: choice.model };
}

/** The saved generator's model as the selector's choice; none when nothing is chosen. */
export function chosenModel(saved: { modelConnectionId: string; model: string } | null): ModelChoice {
  return saved ? { connectionId: saved.modelConnectionId, model: saved.model } : { connectionId: null, model: null };
}
