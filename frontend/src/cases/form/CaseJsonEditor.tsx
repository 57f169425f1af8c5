import { JsonInput, List, Stack, Text } from '@mantine/core';
import type { FieldProblem } from '../../api/errors';

/**
 * **Edit as JSON**: the case as one import row, the nine columns a CSV or
 * JSONL file holds. What is typed here is read back into the form.
 */
export function CaseJsonEditor({
  text,
  problems,
  onChange,
  disabled,
}: {
  text: string;
  problems: readonly FieldProblem[];
  onChange: (text: string) => void;
  disabled?: boolean;
}) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        The case in the shape an import holds: <code>input</code>, <code>history</code>, <code>reference_answer</code>, <code>counter_example</code>,{' '}
        <code>expected_tool_calls</code>, <code>order_mode</code>, <code>checks</code>, <code>tags</code> and <code>note</code>. Whether the reference is
        verified stays as the form says.
      </Text>
      <JsonInput
        label="The case as JSON"
        autosize
        minRows={14}
        maxRows={40}
        value={text}
        onChange={onChange}
        disabled={disabled}
        error={problems.length > 0 ? 'The JSON needs a change before it can be used.' : undefined}
        styles={{ input: { fontSize: 13 } }}
        spellCheck={false}
      />
      {problems.length > 0 && (
        <div role="alert">
          <List size="sm" spacing={2} aria-label="Problems in the JSON">
            {problems.map((problem, index) => (
              <List.Item key={`${problem.path}:${index}`}>
                {problem.path !== '' && (
                  <Text span ff="monospace" size="xs" mr={6}>
                    {problem.path}
                  </Text>
                )}
                {problem.message}
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
