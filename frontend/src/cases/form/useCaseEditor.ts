import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useMutation } from 'urql';
import { type ApiProblem, type FieldProblem, problemFrom } from '../../api/errors';
import { showFieldErrors } from '../../api/formErrors';
import type { CaseFieldsFragment } from '../../gql/graphql';
import { useViewer } from '../../session/SessionProvider';
import { caseEditorKey } from '../../unsaved/draftOffers';
import type { StoredDraft } from '../../unsaved/draftStore';
import { restoreOfferFor } from '../../unsaved/draftStore';
import { browserDrafts } from '../../unsaved/browserDrafts';
import { useBrowserDraft } from '../../unsaved/useBrowserDraft';
import {
  type CaseFormValues,
  caseFormFingerprint,
  caseFormFromCase,
  caseFormProblems,
  caseInputFromForm,
  emptyCaseForm,
} from '../caseForm';
import { caseFormFromJson, caseJsonFromForm, toImportPath } from '../caseJson';
import { AddCaseMutation, CASE_CHANGE_CONTEXT, UpdateCaseMutation } from '../operations';
import type { Twin } from './TwinDialog';

export interface SavedCase {
  id: string;
  version: number;
}

function inputProblem(fields: FieldProblem[]): ApiProblem {
  return { code: 'BAD_USER_INPUT', title: 'Some fields need a change', message: fields.length === 1 ? 'Check the highlighted field.' : `Check the ${fields.length} highlighted fields.`, fields };
}

/**
 * The state of a case being written or edited: the form, **Edit as JSON**,
 * saving (which may stop at a twin), and the unsaved change kept in the
 * browser. `isDirty` reads the form as it is this instant, for the
 * unsaved-changes guard.
 */
export function useCaseEditor({ datasetId, existing, latestVersion, restoreDraft }: { datasetId: string; existing: CaseFieldsFragment | null; latestVersion: number; restoreDraft: boolean }) {
  const viewer = useViewer();
  const editor = caseEditorKey(existing?.id ?? null);
  const scope = { organizationId: viewer.organization.id, datasetId, editor };
  const masked = existing?.masked ?? false;
  const [, addCase] = useMutation(AddCaseMutation);
  const [, updateCase] = useMutation(UpdateCaseMutation);

  const [start] = useState(() => {
    const baseline = existing ? caseFormFromCase(existing) : emptyCaseForm();
    const kept = browserDrafts.read<CaseFormValues>(scope);
    const restorable = kept !== null && restoreOfferFor(kept, latestVersion).kind === 'restore';
    return {
      baseline,
      baseVersion: latestVersion,
      restored: restoreDraft && restorable ? kept : null,
      // Opened directly with a change kept from before: offered, not applied.
      offered: !restoreDraft && kept !== null ? kept : null,
    };
  });
  const form = useForm<CaseFormValues>({ mode: 'controlled', initialValues: start.restored?.value ?? start.baseline });
  const [baseline, setBaseline] = useState(() => caseFormFingerprint(start.baseline));
  const baselineNow = useRef(baseline);
  const [jsonText, setJsonTextState] = useState<string | null>(null);
  const jsonNow = useRef<string | null>(null);
  const [jsonProblems, setJsonProblems] = useState<FieldProblem[]>([]);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [twins, setTwins] = useState<Twin[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [offered, setOffered] = useState<StoredDraft<CaseFormValues> | null>(start.offered);
  const leavingForTwin = useRef(false);

  const values = form.getValues();
  const jsonChanged = (text: string | null, current: CaseFormValues) => text !== null && text !== caseJsonFromForm(current);
  const dirty = caseFormFingerprint(values) !== baseline || jsonChanged(jsonText, values);
  const isDirty = () => {
    if (leavingForTwin.current) return false;
    const current = form.getValues();
    return caseFormFingerprint(current) !== baselineNow.current || jsonChanged(jsonNow.current, current);
  };

  const { discardDraft } = useBrowserDraft({ ...scope, baseVersion: start.baseVersion, dirty, value: values });

  const setJsonText = (text: string | null) => {
    jsonNow.current = text;
    setJsonTextState(text);
  };

  /** The values to save: in JSON mode, the JSON read back into the form first. */
  const valuesToSave = (): CaseFormValues | null => {
    if (jsonNow.current === null) return form.getValues();
    const read = caseFormFromJson(jsonNow.current, form.getValues().referenceVerified);
    setJsonProblems(read.problems);
    if (read.values === null) return null;
    form.setValues(read.values);
    return read.values;
  };

  const showProblem = (found: ApiProblem) => {
    setProblem(found);
    if (jsonNow.current !== null) {
      setJsonProblems(found.fields.map((field) => ({ ...field, path: toImportPath(field.path) })));
      setUnplaced([]);
    } else {
      setUnplaced(showFieldErrors(form, found));
    }
  };

  const markSaved = (saved: CaseFormValues) => {
    const fingerprint = caseFormFingerprint(saved);
    baselineNow.current = fingerprint;
    setBaseline(fingerprint);
    setJsonText(null);
    setJsonProblems([]);
    form.setValues(saved);
    discardDraft();
  };

  const saveCase = async (allowTwin = false): Promise<SavedCase | null> => {
    const current = valuesToSave();
    if (current === null) return null;
    form.clearErrors();
    setProblem(null);
    const local = masked ? [] : caseFormProblems(current);
    const { input, problems: shapeProblems } = caseInputFromForm(current, { masked });
    if (local.length + shapeProblems.length > 0) {
      showProblem(inputProblem([...local, ...shapeProblems]));
      return null;
    }
    setSaving(true);
    if (existing) {
      const result = await updateCase({ id: existing.id, baseVersion: start.baseVersion, case: input }, CASE_CHANGE_CONTEXT);
      setSaving(false);
      const payload = result.data?.updateCase;
      if (!payload) {
        showProblem(problemFrom(result.error) ?? inputProblem([]));
        return null;
      }
      markSaved(current);
      notifications.show({
        color: 'teal',
        title: payload.changed ? `Saved as version ${payload.version}` : 'Nothing changed',
        message: payload.changed ? 'The version before still holds the case as it was.' : 'The case is as it was, so no version was made.',
      });
      return { id: payload.case.id, version: payload.version };
    }
    const result = await addCase({ datasetId, case: input, allowTwin }, CASE_CHANGE_CONTEXT);
    setSaving(false);
    const payload = result.data?.addCase;
    if (!payload) {
      showProblem(problemFrom(result.error) ?? inputProblem([]));
      return null;
    }
    if (!payload.case) {
      setTwins(payload.twins);
      return null;
    }
    setTwins(null);
    markSaved(current);
    notifications.show({ color: 'teal', title: `Added as version ${payload.version}`, message: 'The case is in the newest version of the dataset.' });
    return { id: payload.case.id, version: payload.version };
  };

  const discard = () => {
    setJsonText(null);
    setJsonProblems([]);
    form.setValues(start.baseline);
    baselineNow.current = caseFormFingerprint(start.baseline);
    setBaseline(baselineNow.current);
    form.clearErrors();
    setProblem(null);
    discardDraft();
  };

  /** Between the form and the JSON; the values the form now shows when JSON was read back into it. */
  const toggleJson = (): CaseFormValues | null => {
    if (jsonNow.current === null) {
      setJsonText(caseJsonFromForm(form.getValues()));
      return null;
    }
    const read = caseFormFromJson(jsonNow.current, form.getValues().referenceVerified);
    setJsonProblems(read.problems);
    if (read.values === null) return null;
    form.setValues(read.values);
    setJsonText(null);
    return read.values;
  };

  return {
    editor,
    form,
    values,
    masked,
    dirty,
    isDirty,
    canSave: masked || caseFormProblems(values).length === 0,
    baseVersion: start.baseVersion,
    restored: start.restored,
    offered: dirty ? null : offered,
    restoreOffered: () => {
      if (offered) form.setValues(offered.value);
      setOffered(null);
    },
    discardOffered: () => {
      browserDrafts.discard(scope);
      setOffered(null);
    },
    json: { text: jsonText, problems: jsonProblems, set: setJsonText, toggle: toggleJson },
    problem,
    unplaced,
    dismissProblem: () => setProblem(null),
    saving,
    saveCase,
    discard,
    twins,
    closeTwins: () => setTwins(null),
    leaveForTwin: () => {
      // The new case stays kept in this browser, to be offered back on the dataset's page.
      leavingForTwin.current = true;
    },
  };
}

export type CaseEditorState = ReturnType<typeof useCaseEditor>;
