import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useClient } from 'urql';
import { problemFrom } from '../api/errors';
import { notifyProblem } from '../api/ProblemAlert';
import { downloadText } from '../common/download';
import { ExportCasesQuery } from './operations';

/** **Export**: the version on screen as CSV or JSONL, a file that imports back unchanged. */
export function ExportMenu({ datasetId, version, disabled }: { datasetId: string; version: number; disabled?: boolean }) {
  const client = useClient();
  const [exporting, setExporting] = useState(false);

  const exportAs = async (format: 'csv' | 'jsonl') => {
    setExporting(true);
    const result = await client.query(ExportCasesQuery, { id: datasetId, format, version }, { requestPolicy: 'network-only' }).toPromise();
    setExporting(false);
    const file = result.data?.dataset.export;
    if (!file) {
      const problem = problemFrom(result.error);
      if (problem) notifyProblem(problem, 'Could not export');
      return;
    }
    downloadText(file.filename, file.contentType, file.content);
  };

  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFileExport size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={exporting}
          disabled={disabled}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Version {version}</Menu.Label>
        <Menu.Item onClick={() => void exportAs('csv')}>As CSV</Menu.Item>
        <Menu.Item onClick={() => void exportAs('jsonl')}>As JSONL</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
