import { Alert, List, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CodeText } from '../common/CodeText';
import { type ImportRefusal, refusalHeading } from './importProblems';

function Field({ name }: { name: string }) {
  if (name === '') return null;
  return (
    <Text span ff="monospace" size="xs" fw={600} mr={6}>
      {name}
    </Text>
  );
}

/** Every refused row of an import, each once with all of its reasons, and what was wrong with the file itself. */
export function ImportRefusalList({ fileName, refusal }: { fileName: string | null; refusal: ImportRefusal }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={`${refusalHeading(refusal)}: nothing was imported`} role="alert">
      <Stack gap="xs">
        <Text size="sm">
          {fileName ? `${fileName} was not imported. ` : ''}Fix {refusal.rows.length > 1 ? 'these rows' : 'the file'} and choose it again. CSV rows count from 1 after the
          header; JSONL rows are line numbers.
        </Text>
        <ScrollArea.Autosize mah={280}>
          <List size="sm" spacing={6} aria-label="Refused rows">
            {refusal.file.map((problem, index) => (
              <List.Item key={`file:${index}`}>
                <Field name={problem.path} />
                <CodeText message={problem.message} />
              </List.Item>
            ))}
            {refusal.rows.map((row) => (
              <List.Item key={row.row}>
                <Text span fw={600} size="sm">
                  Row {row.row}
                </Text>
                <List size="sm" withPadding spacing={2}>
                  {row.problems.map((problem, index) => (
                    <List.Item key={index}>
                      <Field name={problem.field} />
                      <CodeText message={problem.message} />
                    </List.Item>
                  ))}
                </List>
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      </Stack>
    </Alert>
  );
}
