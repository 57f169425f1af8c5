import { Card, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ChecksEditor } from '../cases/form/ChecksEditor';
import { CHECK_TYPES, checkFromForm, checkToForm } from '../cases/checks';
import type { CriterionTrustFieldsFragment, ModelConnectionFieldsFragment } from '../gql/graphql';
import { CardTitle, type Coverage, casesThat } from './CardTitle';
import { type GradingFormValues, isYesNo, MAX_SCALE, YES_NO_SCALE } from './gradingForm';
import { CriteriaEditor } from './CriteriaEditor';
import { InstructionsEditor } from './InstructionsEditor';
import { JudgeTrustSummary } from './JudgeTrust';
import { ModelSelect } from './ModelSelect';
import { ScorerSection } from './ScorerSection';
import { countOf } from '../common/count';

/** The judge's findings no rubric criterion names: their trust shows under the card. */
const NON_RUBRIC = new Set(['counter_example', 'reference', 'case_checks']);

/** A judge criterion holds for every case; the default checks take only rules. */
const DEFAULT_CHECK_TYPES = CHECK_TYPES.filter((type) => type !== 'judge');

/** **When a case passes**: the checks, with the default checks every case gets, and the expected tool calls. */
export function PassCard({ form, coverage, changed, disabled }: { form: UseFormReturnType<GradingFormValues>; coverage: Coverage; changed: boolean; disabled: boolean }) {
  const values = form.getValues();
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="pass-card-title">
      <div id="pass-card-title">
        <CardTitle title="When a case passes" description="Rules and tool calls: they cost nothing and grade the same way every time." changed={changed} />
      </div>
      <Stack gap="md">
        <ScorerSection
          form={form}
          scorer="checks"
          name="Checks"
          compares="The answer against the case's own rules, and against the default rules below that every case gets."
          costs="Costs nothing"
          reads={casesThat(coverage?.checks, coverage, 'have checks to grade them, their own or the defaults')}
          disabled={disabled}
        >
          <Text size="sm" fw={600}>
            Default checks
          </Text>
          <ChecksEditor form={form} path="checks.defaultChecks" checks={values.checks.defaultChecks} types={DEFAULT_CHECK_TYPES} disabled={disabled} addLabel="Add a default check" />
        </ScorerSection>
        <ScorerSection
          form={form}
          scorer="toolCalls"
          name="Expected tool calls"
          compares="The tools the agent called against the case's expected calls, matched by each case's order mode."
          costs="Costs nothing"
          reads={casesThat(coverage?.toolCalls, coverage, 'expect tool calls')}
          disabled={disabled}
        />
      </Stack>
    </Card>
  );
}

/** **Judge**: the model and its instructions, your criteria with their scale, and the reference comparison. */
export function JudgeCard({
  form,
  coverage,
  changed,
  disabled,
  connections,
  canAddModel,
  onConnectionAdded,
  trust,
  criterionTrust,
}: {
  form: UseFormReturnType<GradingFormValues>;
  coverage: Coverage;
  changed: boolean;
  disabled: boolean;
  connections: readonly ModelConnectionFieldsFragment[];
  canAddModel: boolean;
  onConnectionAdded: (connection: ModelConnectionFieldsFragment) => void;
  /** The judge's verdicts against people's decisions; null until read. */
  trust: { verdict: CriterionTrustFieldsFragment; criteria: readonly CriterionTrustFieldsFragment[] } | null;
  criterionTrust: ReadonlyMap<string, CriterionTrustFieldsFragment>;
}) {
  const { judge, checks } = form.getValues();
  const yesNo = isYesNo(judge);
  const defaultKeys = new Set(checks.defaultChecks.map((row) => JSON.stringify(checkFromForm(row).check)));
  const hasDefaultCheck = (rule: unknown) => defaultKeys.has(JSON.stringify(checkFromForm(checkToForm(rule).value).check));
  // Add the rule: the check joins the ones every case gets, and the Checks scorer is switched on to grade it.
  const addRule = (rule: unknown) => {
    form.setFieldValue('checks.enabled', true);
    form.insertListItem('checks.defaultChecks', checkToForm(rule).value);
  };
  const counterExamples = coverage?.counterExample ?? 0;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="judge-card-title">
      <div id="judge-card-title">
        <CardTitle title="Judge" description="A model grades the answer against your criteria and the reference answer. Each run of the judge costs what its model charges." changed={changed} />
      </div>
      <Stack gap="md">
        <ModelSelect
          connections={connections}
          connectionId={judge.modelConnectionId}
          model={judge.model}
          error={form.errors['judge.modelConnectionId'] ?? form.errors['judge.model']}
          disabled={disabled}
          canAddModel={canAddModel}
          onConnectionAdded={onConnectionAdded}
          onChange={(choice) => {
            form.setFieldValue('judge.modelConnectionId', choice.connectionId);
            form.setFieldValue('judge.model', choice.model);
          }}
        />
        <InstructionsEditor
          value={judge.instructions}
          error={form.errors['judge.instructions']}
          disabled={disabled}
          onChange={(value) => form.setFieldValue('judge.instructions', value)}
        />
        <ScorerSection
          form={form}
          scorer="judge"
          name="Your criteria"
          compares="The answer against a rubric of named criteria, graded by the judge on every case."
          costs="A run of the judge"
          reads={coverage ? `Grades all ${countOf(coverage.caseCount, 'case', 'cases')}` : null}
          disabled={disabled}
        >
          <CriteriaEditor form={form} criteria={judge.criteria} disabled={disabled} hasDefaultCheck={hasDefaultCheck} onAddRule={addRule} trust={criterionTrust} />
          <Group align="flex-end" gap="md">
            <Switch
              label="Use yes/no grading"
              description="A scale of 2 that passes at 2: what a judge grades most consistently."
              checked={yesNo}
              disabled={disabled}
              onChange={(event) => {
                if (event.currentTarget.checked) {
                  form.setFieldValue('judge.scale', YES_NO_SCALE);
                  form.setFieldValue('judge.passAt', YES_NO_SCALE);
                } else {
                  form.setFieldValue('judge.scale', 5);
                  form.setFieldValue('judge.passAt', 4);
                }
              }}
            />
            {!yesNo && (
              <>
                <NumberInput label="Scale" description="Grades from 1 to" min={2} max={MAX_SCALE} allowDecimal={false} w={130} disabled={disabled} {...form.getInputProps('judge.scale')} />
                <NumberInput label="Pass mark" description="Passes at or above" min={2} max={judge.scale} allowDecimal={false} w={150} disabled={disabled} {...form.getInputProps('judge.passAt')} />
              </>
            )}
          </Group>
        </ScorerSection>
        <ScorerSection
          form={form}
          scorer="reference"
          name="Reference answer"
          compares="The answer against the case's reference answer, graded in the same run of the judge."
          costs="The same judge run"
          reads={casesThat(coverage?.reference, coverage, 'have a reference answer')}
          disabled={disabled}
        />
        <Text size="sm" c="dimmed">
          {coverage ? `${countOf(counterExamples, 'case has', 'cases have')} a counter-example. ` : ''}A case with a counter-example is
          also graded on whether the answer repeats it, whenever your criteria or the reference answer is on.
        </Text>
        {trust && <JudgeTrustSummary verdict={trust.verdict} others={trust.criteria.filter((row) => !judge.criteria.some((criterion) => criterion.id === row.criterionId) && NON_RUBRIC.has(row.criterionId))} />}
      </Stack>
    </Card>
  );
}
