import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { useViewer } from '../session/SessionProvider';
import { existingCaseId } from './conflict';
import { AddCaseFromMessageMutation, CaseDraftQuery, EditableDatasetsQuery } from './operations';
import { browserStorage, initialDatasetId, readRememberedDataset, rememberDataset } from './rememberedDataset';
import type { AddOutcome, KeepAs } from './twoWrites';

/** The name of the dataset Add to dataset starts when there is none to add to yet. */
export const NEW_DATASET_NAME = 'Cases from Activity';

export interface AddToDatasetOptions {
  runId: string;
  /** The dataset Activity was opened for (a dataset's **Add from Activity**). */
  targetDatasetId?: string | null;
  /** What the answer is kept as to begin with; otherwise what its ratings suggest. */
  initialKeepAs?: KeepAs | null;
  /** False: nothing is asked of the API yet (the thumbs-down's box is not ticked). */
  enabled?: boolean;
}

/**
 * The state of an Add to dataset: the reply's draft case, the datasets this
 * member may add to, and their choices - the dataset (the one Activity was
 * opened for, else the one added to last, remembered in this browser), what
 * the answer is kept as, and whether the earlier turns come too (never unless
 * chosen). `add()` makes the one write.
 */
export function useAddToDataset({ runId, targetDatasetId = null, initialKeepAs = null, enabled = true }: AddToDatasetOptions) {
  const viewer = useViewer();
  const scope = { organizationId: viewer.organization.id, userId: viewer.user.id };
  const [draftResult] = useQuery({ query: CaseDraftQuery, variables: { runId }, requestPolicy: 'cache-and-network', pause: !enabled });
  const [datasetsResult] = useQuery({ query: EditableDatasetsQuery, requestPolicy: 'cache-and-network', pause: !enabled });
  const [, addCase] = useMutation(AddCaseFromMessageMutation);
  const [pickedDatasetId, setDatasetId] = useState<string | null | undefined>(undefined);
  const [pickedKeepAs, setKeepAs] = useState<KeepAs | null>(null);
  const [withHistory, setWithHistory] = useState(false);
  const [newDatasetName, setNewDatasetName] = useState(NEW_DATASET_NAME);
  const [busy, setBusy] = useState(false);

  const draft = draftResult.data?.run.caseDraft ?? null;
  const datasets = datasetsResult.data?.datasets.edges.map((edge) => edge.node) ?? [];
  const datasetsLoaded = datasetsResult.data !== undefined;
  const ids = datasets.map((dataset) => dataset.id);
  const datasetId = pickedDatasetId !== undefined ? pickedDatasetId : initialDatasetId(ids, { target: targetDatasetId, remembered: readRememberedDataset(browserStorage(), scope) });
  const dataset = datasets.find((candidate) => candidate.id === datasetId) ?? null;
  const startsDataset = datasetsLoaded && datasets.length === 0;
  const keepAs: KeepAs = pickedKeepAs ?? initialKeepAs ?? draft?.suggestedKeepAs ?? 'REFERENCE';
  const hasHistory = (draft?.history.length ?? 0) > 0;

  const add = async (keep: KeepAs = keepAs): Promise<AddOutcome> => {
    const datasetName = startsDataset ? newDatasetName.trim() || NEW_DATASET_NAME : (dataset?.name ?? 'the dataset');
    setBusy(true);
    const result = await addCase({
      input: {
        runId,
        datasetId: startsDataset ? null : datasetId,
        newDatasetName: startsDataset ? datasetName : null,
        keepAs: keep,
        withHistory: hasHistory && withHistory,
      },
    });
    setBusy(false);
    const added = result.data?.addCaseFromMessage;
    if (!added) {
      const problem = problemFrom(result.error) ?? { code: 'UNKNOWN', title: 'The request failed', message: 'The request failed.', fields: [] };
      return { ok: false, refused: { problem, datasetName, existingCaseId: existingCaseId(result.error) } };
    }
    rememberDataset(browserStorage(), scope, { id: added.dataset.id, name: added.dataset.name });
    return { ok: true, added: { caseId: added.case.id, datasetId: added.dataset.id, datasetName: added.dataset.name, version: added.version, keptAs: keep } };
  };

  return {
    draft,
    draftProblem: problemFrom(draftResult.error),
    draftLoading: draftResult.fetching && !draft,
    datasets,
    datasetsProblem: problemFrom(datasetsResult.error),
    datasetId,
    setDatasetId,
    dataset,
    startsDataset,
    newDatasetName,
    setNewDatasetName,
    keepAs,
    setKeepAs,
    hasHistory,
    withHistory: hasHistory && withHistory,
    setWithHistory,
    /** Whether the chosen place can take the case: a dataset picked, or a new one named. */
    ready: startsDataset ? newDatasetName.trim() !== '' : datasetId !== null,
    busy,
    add,
  };
}

export type AddToDatasetState = ReturnType<typeof useAddToDataset>;
