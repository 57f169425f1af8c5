import { Accordion, Badge, Group, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { CaseFormValues } from '../caseForm';
import { ChecksEditor } from './ChecksEditor';
import classes from './CaseForm.module.css';
import type { GuidedField } from './FieldGuide';
import { ToolCallsEditor } from './ToolCallsEditor';
import { TurnsEditor } from './TurnsEditor';

export type CaseSection = 'history' | 'tools' | 'checks' | 'labels';

function SectionTitle({ title, count }: { title: string; count: number }) {
  return (
    <Group gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      {count > 0 && (
        <Badge size="sm" variant="light" color="gray">
          {count}
        </Badge>
      )}
    </Group>
  );
}

/** The id of a field's input, for the walk to put the cursor in it. */
export function caseFieldId(field: GuidedField): string {
  return `case-field-${field}`;
}

function tagsError(errors: Record<string, unknown>): string | undefined {
  const found = Object.entries(errors).filter(([path]) => path === 'tags' || path.startsWith('tags.'));
  return found.length > 0 ? found.map(([, message]) => String(message)).join(' ') : undefined;
}

/**
 * The case form's fields: the input and the expected answers first, then the
 * conversation before the input, expected tool calls, checks, and labels with
 * the note in sections that expand. A masked case keeps its copied text as it
 * is: only its checks, tags and settings can change.
 */
export function CaseFormFields({
  form,
  masked,
  openSections,
  onSections,
  guided,
}: {
  form: UseFormReturnType<CaseFormValues>;
  masked: boolean;
  openSections: CaseSection[];
  onSections: (sections: CaseSection[]) => void;
  guided: GuidedField | null;
}) {
  const values = form.getValues();
  const highlight = (field: GuidedField) => (guided === field ? { root: classes.guided } : undefined);
  return (
    <Stack gap="md">
      <Textarea
        id={caseFieldId('input')}
        label="Input"
        description="The message the agent answers."
        required
        autosize
        minRows={2}
        maxRows={12}
        disabled={masked}
        classNames={highlight('input')}
        {...form.getInputProps('input')}
      />
      <SimpleGrid type="container" cols={{ base: 1, '760px': 2 }} spacing="md">
        <Textarea
          id={caseFieldId('referenceAnswer')}
          label="Reference answer"
          description="What a good answer says. Markdown."
          autosize
          minRows={4}
          maxRows={16}
          disabled={masked}
          classNames={highlight('referenceAnswer')}
          {...form.getInputProps('referenceAnswer')}
        />
        <Textarea
          id={caseFieldId('counterExample')}
          label="Counter-example"
          description="An answer known to be wrong. Markdown."
          autosize
          minRows={4}
          maxRows={16}
          disabled={masked}
          classNames={highlight('counterExample')}
          {...form.getInputProps('counterExample')}
        />
      </SimpleGrid>
      <Switch
        label="Reference verified"
        description="A person checked the reference answer. Structured scoring grades only a verified reference."
        disabled={values.referenceAnswer.trim() === '' && !values.referenceVerified}
        {...form.getInputProps('referenceVerified', { type: 'checkbox' })}
      />
      <Accordion multiple variant="separated" value={openSections} onChange={(value) => onSections(value as CaseSection[])}>
        <Accordion.Item value="history">
          <Accordion.Control>
            <SectionTitle title="Conversation before the input" count={values.history.length} />
          </Accordion.Control>
          <Accordion.Panel>
            <TurnsEditor form={form} turns={values.history} disabled={masked} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="tools">
          <Accordion.Control>
            <SectionTitle title="Expected tool calls" count={values.expectedToolCalls.length} />
          </Accordion.Control>
          <Accordion.Panel>
            <ToolCallsEditor form={form} calls={values.expectedToolCalls} orderMode={values.orderMode} disabled={masked} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="checks">
          <Accordion.Control>
            <SectionTitle title="Checks" count={values.checks.length} />
          </Accordion.Control>
          <Accordion.Panel>
            <ChecksEditor form={form} path="checks" checks={values.checks} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="labels">
          <Accordion.Control>
            <SectionTitle title="Labels and note" count={values.tags.length + (values.note.trim() ? 1 : 0)} />
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <TagsInput
                id={caseFieldId('tags')}
                label="Tags"
                description="Labels for grouping results, such as billing or refusal. Press Enter after each."
                clearable
                splitChars={[',']}
                classNames={highlight('tags')}
                {...form.getInputProps('tags')}
                error={tagsError(form.errors)}
              />
              <Textarea
                id={caseFieldId('note')}
                label="Note"
                description="Why the case exists: what went wrong, or what it guards."
                autosize
                minRows={2}
                maxRows={8}
                disabled={masked}
                classNames={highlight('note')}
                {...form.getInputProps('note')}
              />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
