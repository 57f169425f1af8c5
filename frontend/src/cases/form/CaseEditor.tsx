import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBraces, IconForms, IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ProblemAlert } from '../../api/ProblemAlert';
import type { CaseFormValues } from '../caseForm';
import { DraftOfferAlert } from '../../datasets/DraftOfferAlert';
import { readWorkspaceParams, sameCaseEditor } from '../../datasets/workspaceParams';
import type { CaseFieldsFragment } from '../../gql/graphql';
import { ScorersLine } from '../../grading/ScorersLine';
import { draftLabel } from '../../unsaved/draftOffers';
import { restoreOfferFor } from '../../unsaved/draftStore';
import { useUnsavedChanges } from '../../unsaved/useUnsavedChanges';
import { caseFieldId, CaseFormFields, type CaseSection } from './CaseFormFields';
import classes from './CaseForm.module.css';
import { CaseJsonEditor } from './CaseJsonEditor';
import { FieldGuide, GUIDED_STEPS } from './FieldGuide';
import { TwinDialog } from './TwinDialog';
import { type SavedCase, useCaseEditor } from './useCaseEditor';

function sectionsWithContent(values: CaseFormValues): CaseSection[] {
  const open: CaseSection[] = [];
  if (values.history.length > 0) open.push('history');
  if (values.expectedToolCalls.length > 0) open.push('tools');
  if (values.checks.length > 0) open.push('checks');
  if (values.tags.length > 0 || values.note.trim() !== '') open.push('labels');
  return open;
}

function focusSoon(id: string) {
  // After the section it is in has opened.
  window.setTimeout(() => document.getElementById(id)?.focus(), 60);
}

/**
 * The case form in the side panel: writes a new case or edits one. Saving
 * names the version it creates; leaving it unsaved asks first.
 */
export function CaseEditor({
  datasetId,
  existing,
  latestVersion,
  restoreDraft,
  guide,
  onSaved,
  onCancel,
  onOpenTwin,
}: {
  datasetId: string;
  existing: CaseFieldsFragment | null;
  latestVersion: number;
  restoreDraft: boolean;
  guide: boolean;
  onSaved: (saved: SavedCase) => void;
  onCancel: () => void;
  onOpenTwin: (caseId: string) => void;
}) {
  const state = useCaseEditor({ datasetId, existing, latestVersion, restoreDraft });
  const { form, values, masked, json } = state;
  const [sections, setSections] = useState<CaseSection[]>(() => sectionsWithContent(values));
  const [guideStep, setGuideStep] = useState<number | null>(guide ? 0 : null);
  const guided = guideStep === null ? null : (GUIDED_STEPS[guideStep]?.field ?? null);

  const label = existing ? draftLabel(state.editor, values) : 'The new case';
  useUnsavedChanges({
    id: state.editor,
    label,
    get dirty() {
      return state.isDirty();
    },
    canSave: state.canSave,
    save: async () => (await state.saveCase()) !== null,
    discard: state.discard,
    keepsLocation: (next, current) => next.pathname === current.pathname && sameCaseEditor(readWorkspaceParams(next.search), readWorkspaceParams(current.search)),
  });

  useEffect(() => {
    if (guide) focusSoon(caseFieldId('input'));
  }, [guide]);

  const goToStep = (step: number) => {
    setGuideStep(step);
    const field = GUIDED_STEPS[step]?.field;
    if (field === 'tags' || field === 'note') setSections((open) => (open.includes('labels') ? open : [...open, 'labels']));
    if (field) focusSoon(field === 'save' ? 'case-save-button' : caseFieldId(field));
  };

  const formRef = useRef<HTMLFormElement>(null);
  /** After a refusal: the cursor goes to the first field it names, or the refusal is brought into view. */
  const showRefusal = () =>
    window.requestAnimationFrame(() => {
      const form = formRef.current;
      const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (field) field.focus();
      else form?.querySelector('[role="alert"]')?.scrollIntoView({ block: 'center' });
    });

  const save = async (allowTwin = false) => {
    const saved = await state.saveCase(allowTwin);
    if (saved) onSaved(saved);
    else showRefusal();
  };

  const nextVersion = latestVersion + 1;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        {guideStep !== null && <FieldGuide step={guideStep} onStep={goToStep} onFinish={() => setGuideStep(null)} />}
        {state.restored && (
          <Alert color="casebook" variant="light" title="Restored">
            Your unsaved change from before is back in the form. Save it or discard it.
          </Alert>
        )}
        {state.offered && (
          <DraftOfferAlert
            offer={{ editor: state.editor, label, draft: state.offered, offer: restoreOfferFor(state.offered, latestVersion) }}
            onRestore={state.restoreOffered}
            onDiscard={state.discardOffered}
          />
        )}
        {masked && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} title="Its copied text is hidden from you">
            This case was copied from a conversation you may not read, so its question, answers, note and tool arguments stay as they are. You can change
            its checks, tags and settings.
          </Alert>
        )}
        {state.problem && (
          <ProblemAlert problem={state.problem} unplaced={state.unplaced} title="The case was not saved" onClose={state.dismissProblem} />
        )}
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="xs"
            leftSection={json.text === null ? <IconBraces size={14} aria-hidden /> : <IconForms size={14} aria-hidden />}
            onClick={() => {
              const shown = json.toggle();
              if (shown) setSections((open) => [...new Set([...open, ...sectionsWithContent(shown)])]);
            }}
          >
            {json.text === null ? 'Edit as JSON' : 'Back to the form'}
          </Button>
        </Group>
        {json.text === null ? (
          <CaseFormFields form={form} masked={masked} openSections={sections} onSections={setSections} guided={guided} />
        ) : (
          <CaseJsonEditor text={json.text} problems={json.problems} onChange={json.set} disabled={masked} />
        )}
        <div className={classes.footer}>
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Stack gap={4} miw={0}>
              <Text size="sm" fw={550}>
                Saving creates version {nextVersion}
              </Text>
              <ScorersLine datasetId={datasetId} />
            </Stack>
            <Group gap="xs" wrap="nowrap" className={guided === 'save' ? classes.guided : undefined}>
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
              <Button id="case-save-button" type="submit" loading={state.saving} disabled={!state.dirty && existing !== null}>
                {existing ? 'Save case' : 'Add case'}
              </Button>
            </Group>
          </Group>
        </div>
      </Stack>
      <TwinDialog
        twins={state.twins}
        adding={state.saving}
        onClose={state.closeTwins}
        onAddAnyway={() => void save(true)}
        onOpen={(caseId) => {
          state.leaveForTwin();
          state.closeTwins();
          onOpenTwin(caseId);
        }}
      />
    </form>
  );
}
