import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * An agent's signing secret, shown this once: its webhook requests and tool
 * calls are signed with it, and Casebook never shows it again.
 */
export function SecretDialog({ agentName, secret, rotated, onClose }: { agentName: string; secret: string; rotated: boolean; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={rotated ? `New signing secret of “${agentName}”` : `Signing secret of “${agentName}”`} size="lg" closeOnClickOutside={false}>
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Shown once">
          Store it where your endpoint can read it now: Casebook keeps it encrypted and never shows it again. {rotated ? 'The old secret stopped working.' : 'You can rotate it later.'}
        </Alert>
        <Text size="sm">
          Every webhook request and tool call carries <Code>X-Casebook-Timestamp</Code> and <Code>X-Casebook-Signature: v1=…</Code>, the HMAC-SHA256 of{' '}
          <Code>{'<timestamp>.<body>'}</Code> keyed with this secret.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="Signing secret" data-testid="signing-secret">
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>I have stored it</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
