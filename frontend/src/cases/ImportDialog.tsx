import { Alert, Button, Code, FileButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useClient, useMutation } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { downloadText } from '../common/download';
import { ImportRefusalList } from './ImportRefusalList';
import { groupImportProblems } from './importProblems';
import { CASE_CHANGE_CONTEXT, ImportCasesMutation, ImportTemplateQuery } from './operations';
import { countOf } from '../common/count';

const MAX_BYTES = 10 * 1024 * 1024;

const COLUMNS: { name: string; csv: string; jsonl: string }[] = [
  { name: 'input', csv: 'Text. Required', jsonl: 'String. Required' },
  { name: 'history', csv: 'A JSON list in the cell, or empty', jsonl: 'A list of {"role", "content"} objects' },
  { name: 'reference_answer', csv: 'Text, or empty', jsonl: 'String or null' },
  { name: 'counter_example', csv: 'Text, or empty', jsonl: 'String or null' },
  { name: 'expected_tool_calls', csv: 'A JSON list in the cell, or empty', jsonl: 'A list of {"tool", "args"} objects' },
  { name: 'order_mode', csv: 'any, in_order or exact; empty means any', jsonl: 'String' },
  { name: 'checks', csv: 'A JSON list in the cell, or empty', jsonl: 'A list of check objects' },
  { name: 'tags', csv: 'Comma-separated', jsonl: 'A list of strings' },
  { name: 'note', csv: 'Text, or empty', jsonl: 'String or null' },
];

/**
 * **Import**: the nine columns, a template to start from, and the file. The
 * import is all or nothing, one new version; a refusal lists every invalid
 * row with its reasons.
 */
export function ImportDialog({ datasetId, opened, onClose, onImported }: { datasetId: string; opened: boolean; onClose: () => void; onImported: () => void }) {
  const client = useClient();
  const [, importCases] = useMutation(ImportCasesMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  const close = () => {
    setProblem(null);
    setFileName(null);
    onClose();
  };

  const downloadTemplate = async () => {
    const result = await client.query(ImportTemplateQuery, {}, { requestPolicy: 'network-only' }).toPromise();
    const template = result.data?.caseImportTemplate;
    if (template) downloadText('casebook-import-template.csv', 'text/csv;charset=utf-8', template);
    else setProblem(problemFrom(result.error));
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setFileName(file.name);
    setProblem(null);
    if (!/\.(csv|jsonl)$/i.test(file.name)) {
      setProblem({ code: 'BAD_USER_INPUT', title: 'Not a CSV or JSONL file', message: `${file.name} is neither a .csv nor a .jsonl file.`, fields: [] });
      return;
    }
    if (file.size > MAX_BYTES) {
      setProblem({ code: 'LIMIT_EXCEEDED', title: 'The file is too large', message: `${file.name} is ${(file.size / 1_048_576).toFixed(1)} MB; an import is at most 10 MB.`, fields: [] });
      return;
    }
    setImporting(true);
    const result = await importCases({ datasetId, file }, CASE_CHANGE_CONTEXT);
    setImporting(false);
    const payload = result.data?.importCases;
    if (!payload) {
      setProblem(problemFrom(result.error));
      return;
    }
    const redacted = payload.redacted > 0 ? ` ${payload.redacted === 1 ? 'One credential was' : `${payload.redacted} credentials were`} replaced with a placeholder.` : '';
    notifications.show({
      color: 'teal',
      title: `Imported ${countOf(payload.imported, 'case', 'cases')} as version ${payload.version}`,
      message: `Every case of ${file.name} is in the newest version.${redacted}`,
    });
    close();
    onImported();
  };

  const refusal = problem ? groupImportProblems(problem.fields) : null;
  return (
    <Modal opened={opened} onClose={close} title="Import cases" size="xl">
      <Stack gap="md">
        {problem && refusal && (refusal.rows.length > 0 || refusal.file.length > 0) && <ImportRefusalList fileName={fileName} refusal={refusal} />}
        {problem && refusal && refusal.rows.length === 0 && refusal.file.length === 0 && <ProblemAlert problem={problem} title="The file was not imported" />}
        <Text size="sm">
          A <Code>.csv</Code> or <Code>.jsonl</Code> file of at most 10 MB. Every case in it is added as one new version; if one row is invalid, no row is added, and
          every invalid row is named so you can fix the file. A CSV file needs a header row; columns other than these nine are refused.
        </Text>
        <Table withTableBorder fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>In CSV</Table.Th>
              <Table.Th>In JSONL</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {COLUMNS.map((column) => (
              <Table.Tr key={column.name}>
                <Table.Td ff="monospace">{column.name}</Table.Td>
                <Table.Td>{column.csv}</Table.Td>
                <Table.Td>{column.jsonl}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {importing && (
          <Alert variant="light" color="casebook">
            Importing {fileName}…
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void downloadTemplate()}>
            Download a template
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <FileButton onChange={(file) => void upload(file)} accept=".csv,.jsonl,text/csv,application/x-ndjson">
              {(props) => (
                <Button {...props} leftSection={<IconFileUpload size={16} aria-hidden />} loading={importing}>
                  Choose file
                </Button>
              )}
            </FileButton>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
