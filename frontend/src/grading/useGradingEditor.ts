import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { type ApiProblem, type FieldProblem, problemFrom } from '../api/errors';
import { showFieldErrors } from '../api/formErrors';
import type { ScoringFieldsFragment, ScoringInput } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { browserDrafts } from '../unsaved/browserDrafts';
import { GRADING_EDITOR } from '../unsaved/draftOffers';
import { restoreOfferFor } from '../unsaved/draftStore';
import { useBrowserDraft } from '../unsaved/useBrowserDraft';
import { CONNECTION_FIELDS, changedCards, type GradingFormValues, numberProblems, gradingFingerprint, gradingFormFromDraft, gradingFormFromScoring, scoringPatch } from './gradingForm';
import { ScoringCoverageQuery, UpdateScoringMutation } from './operations';

/**
 * The Grading editor's state: the cards' settings, what the setup on
 * screen would cover, and the one patch that saves every change at once.
 */
export function useGradingEditor({ datasetId, latestVersion, scoring, restoreDraft }: { datasetId: string; latestVersion: number; scoring: ScoringFieldsFragment; restoreDraft: boolean }) {
  const viewer = useViewer();
  const scope = { organizationId: viewer.organization.id, datasetId, editor: GRADING_EDITOR };
  const [, updateScoring] = useMutation(UpdateScoringMutation);
  const [start] = useState(() => {
    const saved = gradingFormFromScoring(scoring);
    const kept = browserDrafts.read<GradingFormValues>(scope);
    const restored = restoreDraft && kept && restoreOfferFor(kept, latestVersion).kind === 'restore' ? gradingFormFromDraft(kept.value, saved) : null;
    // Opened directly with a change kept from before: offered, not applied.
    return { saved, restored, offered: restoreDraft ? null : kept, baseVersion: latestVersion };
  });
  const [offered, setOffered] = useState(start.offered);
  const [saved, setSavedState] = useState(start.saved);
  const savedNow = useRef(start.saved);
  const form = useForm<GradingFormValues>({ mode: 'controlled', initialValues: start.restored ?? start.saved });
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [saving, setSaving] = useState(false);

  const values = form.getValues();
  const { patch, problems } = scoringPatch(saved, values);
  const dirty = gradingFingerprint(values) !== gradingFingerprint(saved);
  const isDirty = () => gradingFingerprint(form.getValues()) !== gradingFingerprint(savedNow.current);
  const { discardDraft } = useBrowserDraft({ ...scope, baseVersion: start.baseVersion, dirty, value: values });

  // What the setup on screen would cover, asked again once typing pauses.
  const sendable = problems.length === 0 && numberProblems(values).length === 0;
  const [coveragePatch] = useDebouncedValue(sendable ? JSON.stringify(patch) : null, 300);
  const [coverageResult] = useQuery({
    query: ScoringCoverageQuery,
    variables: { id: datasetId, unsaved: coveragePatch && coveragePatch !== '{}' ? (JSON.parse(coveragePatch) as ScoringInput) : null },
    pause: coveragePatch === null,
  });
  const coverage = coverageResult.data?.dataset.scoring.coverage ?? null;
  // Latched: later answers replace the alerts in place, but the first one decides whether they stand above the cards at all.
  const [coverageSettled, setCoverageSettled] = useState(false);
  if (!coverageSettled && (coverageResult.data !== undefined || coverageResult.error !== undefined || coveragePatch === null)) setCoverageSettled(true);

  const setSaved = (next: GradingFormValues) => {
    savedNow.current = next;
    setSavedState(next);
  };

  const save = async (): Promise<boolean> => {
    const current = scoringPatch(savedNow.current, form.getValues());
    const unsendable = [...current.problems, ...numberProblems(form.getValues())];
    form.clearErrors();
    setProblem(null);
    if (unsendable.length > 0) {
      const local: ApiProblem = { code: 'BAD_USER_INPUT', title: 'Some settings need a change', message: 'Check the highlighted settings.', fields: unsendable };
      setProblem(local);
      setUnplaced(showFieldErrors(form, local, CONNECTION_FIELDS));
      return false;
    }
    if (Object.keys(current.patch).length === 0) return true;
    setSaving(true);
    const result = await updateScoring({ datasetId, patch: current.patch }, { additionalTypenames: ['Dataset'] });
    setSaving(false);
    const stored = result.data?.updateScoring.scoring;
    if (!stored) {
      const failure = problemFrom(result.error);
      setProblem(failure);
      if (failure) setUnplaced(showFieldErrors(form, failure, CONNECTION_FIELDS));
      return false;
    }
    const next = gradingFormFromScoring(stored);
    setSaved(next);
    form.setValues(next);
    discardDraft();
    notifications.show({ color: 'teal', title: 'Grading saved', message: 'New scores are graded this way; each older score keeps the configuration it was graded with.' });
    return true;
  };

  const discard = () => {
    form.setValues(savedNow.current);
    form.clearErrors();
    setProblem(null);
    discardDraft();
  };

  return {
    form,
    values,
    saved,
    dirty,
    isDirty,
    canSave: problems.length === 0,
    cards: changedCards(patch),
    coverage,
    coverageSettled,
    restored: start.restored !== null,
    offered: dirty ? null : offered,
    restoreOffered: () => {
      if (offered) form.setValues(gradingFormFromDraft(offered.value, savedNow.current));
      setOffered(null);
    },
    discardOffered: () => {
      browserDrafts.discard(scope);
      setOffered(null);
    },
    problem,
    unplaced,
    dismissProblem: () => setProblem(null),
    saving,
    save,
    discard,
  };
}

export type GradingEditorState = ReturnType<typeof useGradingEditor>;
