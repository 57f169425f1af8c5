import { Paper, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Markdown } from '../markdown/Markdown';

const JUDGE_INSTRUCTIONS = 'What the judge should know beyond the criteria: the product, the tone you expect, what never to accept. Markdown.';

/** Instructions in Markdown (the judge's, an agent's): written in one tab, read as they will render in the other. */
export function InstructionsEditor({
  id = 'judge-instructions',
  description = JUDGE_INSTRUCTIONS,
  value,
  error,
  disabled,
  onChange,
}: {
  /** Unique on the page: names the label the text box is labelled by. */
  id?: string;
  description?: string;
  value: string;
  error?: React.ReactNode;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const [tab, setTab] = useState<string | null>('write');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`${id}-label`}>
        Instructions
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
      <Tabs value={tab} onChange={setTab} variant="outline">
        <Tabs.List aria-label="Instructions">
          <Tabs.Tab value="write">Write</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            aria-labelledby={`${id}-label`}
            autosize
            minRows={5}
            maxRows={18}
            value={value}
            error={error}
            disabled={disabled}
            onChange={(event) => onChange(event.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          <Paper withBorder p="sm" radius="md" mih={120}>
            {value.trim() ? <Markdown>{value}</Markdown> : <Text size="sm" c="dimmed">No instructions yet.</Text>}
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
