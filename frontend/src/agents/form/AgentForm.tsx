import { Card, Code, MultiSelect, NumberInput, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { AgentKind, ModelConnectionFieldsFragment } from '../../gql/graphql';
import { InstructionsEditor } from '../../grading/InstructionsEditor';
import { ModelSelect } from '../../grading/ModelSelect';
import { useViewer } from '../../session/SessionProvider';
import { type AgentFormValues, TIMEOUT_MAX_SECONDS, TIMEOUT_MIN_SECONDS } from '../agentForm';
import { ToolsEditor } from './ToolsEditor';
import { countOf } from '../../common/count';

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap={2} mb="md">
        <Title order={2} fz="h4" id={`${id}-title`}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

export interface SkillChoice {
  id: string;
  name: string;
  description: string;
}

/** The fields of a model, webhook or local agent: details, what answers, instructions and skills, tools. */
export function AgentForm({
  kind,
  form,
  creating,
  disabled,
  connections,
  skills,
  hiddenSkills,
  onConnectionAdded,
}: {
  kind: AgentKind;
  form: UseFormReturnType<AgentFormValues>;
  creating: boolean;
  disabled: boolean;
  connections: readonly ModelConnectionFieldsFragment[];
  skills: readonly SkillChoice[];
  /** Skills the agent uses that this member may not view. */
  hiddenSkills: number;
  onConnectionAdded: (connection: ModelConnectionFieldsFragment) => void;
}) {
  const viewer = useViewer();
  const values = form.getValues();
  // A connection added here is listed before the query that lists connections runs again.
  const [added, setAdded] = useState<ModelConnectionFieldsFragment[]>([]);
  const allConnections = [...connections, ...added.filter((one) => !connections.some((known) => known.id === one.id))];
  const skillData = [...skills.map((skill) => ({ value: skill.id, label: skill.name }))];

  return (
    <Stack gap="lg">
      <Section id="agent-details" title="Details" description="The name and description are details: changing them makes no new version.">
        <TextInput label="Name" placeholder="Support assistant" withAsterisk disabled={disabled} {...form.getInputProps('name')} />
        <Textarea label="Description" placeholder="What it is for, and who uses it" autosize minRows={2} maxRows={6} disabled={disabled} {...form.getInputProps('description')} />
        {creating && (
          <Switch
            label="Private"
            description={
              values.private
                ? 'Only you and the people you share it with can see it.'
                : `Everyone in ${viewer.organization.name} can see it; you can make it private later.`
            }
            disabled={disabled}
            {...form.getInputProps('private', { type: 'checkbox' })}
          />
        )}
      </Section>

      {kind === 'MODEL' ? (
        <Section id="agent-model" title="Model and instructions" description="Casebook calls this model itself, with the instructions, the skills’ instructions after them, and the tools.">
          <ModelSelect
            description="The model the agent answers with."
            connections={allConnections}
            connectionId={values.connectionId}
            model={values.model}
            error={form.errors.model ?? form.errors.connectionId}
            disabled={disabled}
            canAddModel={viewer.permissions.includes('connections:manage')}
            onConnectionAdded={(connection) => {
              setAdded((known) => [...known, connection]);
              onConnectionAdded(connection);
            }}
            onChange={(choice) => {
              form.setFieldValue('connectionId', choice.connectionId);
              form.setFieldValue('model', choice.model);
            }}
          />
          <InstructionsEditor
            id="agent-instructions"
            description="Who the agent is, what it does and how it answers. Markdown."
            value={values.instructions}
            error={form.errors.instructions}
            disabled={disabled}
            onChange={(text) => form.setFieldValue('instructions', text)}
          />
          <MultiSelect
            label="Skills"
            description="Named instructions the agent uses, all of them, after its own. You can attach the skills you may view."
            placeholder={skillData.length === 0 ? 'No skill you may view yet' : 'Search skills'}
            data={skillData}
            searchable
            clearable
            nothingFoundMessage="No skill matches"
            disabled={disabled}
            {...form.getInputProps('skillIds')}
          />
          {hiddenSkills > 0 && (
            <Text size="sm" c="dimmed" data-testid="hidden-skills">
              It also uses {countOf(hiddenSkills, 'skill', 'skills')} you may not view.
            </Text>
          )}
        </Section>
      ) : kind === 'LOCAL' ? (
        <Section id="agent-local" title="Who answers" description="Your own code, where it runs: nothing for Casebook to call, so no endpoint, no model and no signing secret.">
          <Text size="sm">
            An eval run of this agent waits for your code: the Python client’s <Code>evaluate()</Code>, <Code>casebook eval --task</Code> or <Code>--exec</Code>, or the pytest plugin
            claim its questions, answer them where the code is, and send the answers back to be graded here. A run names the version it answers with by a label, such as a
            commit; a label not seen before becomes the agent’s next version.
          </Text>
        </Section>
      ) : (
        <Section id="agent-endpoint" title="Endpoint" description="Casebook POSTs the conversation, the question and the declared tools to this address, signed with the agent’s secret, and reads the answer, its steps and tool calls back.">
          <TextInput
            label="Endpoint"
            description="An https:// address (plain http only on this machine, for development)."
            placeholder="https://agents.example.com/answer"
            withAsterisk
            disabled={disabled}
            {...form.getInputProps('url')}
          />
          <NumberInput
            label="Timeout"
            description={`How long it may take to answer, in seconds: ${TIMEOUT_MIN_SECONDS} to ${TIMEOUT_MAX_SECONDS}; empty means 30.`}
            placeholder="30"
            min={TIMEOUT_MIN_SECONDS}
            max={TIMEOUT_MAX_SECONDS}
            suffix=" s"
            w={220}
            disabled={disabled}
            value={values.timeoutSeconds === '' ? '' : Number(values.timeoutSeconds)}
            error={form.errors.timeoutSeconds}
            onChange={(value) => form.setFieldValue('timeoutSeconds', value === '' ? '' : String(value))}
          />
        </Section>
      )}

      <Section id="agent-tools" title="Tools" description="Each with a JSON Schema of its arguments and whether it only reads.">
        <ToolsEditor kind={kind} form={form} tools={values.tools} disabled={disabled} />
      </Section>
    </Stack>
  );
}
