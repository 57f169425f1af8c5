import { Button, Code, CopyButton, Group } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A command line to copy into a terminal, named for screen readers by what it does. */
export function CommandLine({ command, label, testId }: { command: string; label: string; testId?: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="stretch">
      <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label={label} role="group" data-testid={testId}>
        {command}
      </Code>
      <CopyButton value={command}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-label={`Copy: ${label}`} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
