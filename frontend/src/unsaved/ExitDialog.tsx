import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { describePrompt, type ExitChoice, type ExitPrompt } from './exitDecision';

/** The Save / Discard / Stay question. Stay is the safe default: Escape and the close button mean Stay. */
export function ExitDialog({
  prompt,
  busy,
  onChoose,
}: {
  prompt: ExitPrompt | null;
  busy: boolean;
  onChoose: (choice: ExitChoice) => void;
}) {
  const words = prompt ? describePrompt(prompt) : null;
  return (
    <Modal
      opened={prompt !== null}
      onClose={() => (busy ? undefined : onChoose('stay'))}
      title={words?.heading}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close and stay' }}
      // Above the dialog or side panel whose editor it asks about.
      zIndex={400}
    >
      {prompt && words && (
        <Stack gap="md">
          <Text size="sm">{words.body}</Text>
          {prompt.editors.length > 1 && (
            <List size="sm" spacing={2}>
              {prompt.editors.map((editor) => (
                <List.Item key={editor.id}>{editor.label}</List.Item>
              ))}
            </List>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onChoose('stay')} disabled={busy} data-autofocus>
              Stay
            </Button>
            <Button variant="light" color="red" onClick={() => onChoose('discard')} disabled={busy}>
              Discard
            </Button>
            {prompt.choices.includes('save') && (
              <Button onClick={() => onChoose('save')} loading={busy}>
                Save
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
