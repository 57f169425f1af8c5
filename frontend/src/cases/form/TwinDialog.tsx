import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { tagColor } from '../labels';

export interface Twin {
  id: string;
  input: string;
  masked: boolean;
  changedInVersion: number;
  tags: string[];
}

/** What the dialog says of the case being added and its two ways out. */
export interface TwinWords {
  keep: string;
  anyway: string;
  /** Where the case being added waits while its twin is read. */
  meanwhile: string;
  what: string;
}

const NEW_CASE: TwinWords = {
  keep: 'Keep editing',
  anyway: 'Add anyway',
  meanwhile: 'your new case stays kept in this browser',
  what: 'add this one anyway to keep both',
};

/**
 * A new case asks a question a case already asks (compared without regard to
 * case or spacing): read that case instead, or add this one anyway.
 */
export function TwinDialog({
  twins,
  adding,
  onOpen,
  onAddAnyway,
  onClose,
  words = NEW_CASE,
}: {
  twins: Twin[] | null;
  adding: boolean;
  onOpen: (caseId: string) => void;
  onAddAnyway: () => void;
  onClose: () => void;
  words?: TwinWords;
}) {
  const count = twins?.length ?? 0;
  return (
    <Modal opened={twins !== null} onClose={onClose} title="A case already asks this" size="lg">
      {twins && (
        <Stack gap="md">
          <Text size="sm">
            {count === 1 ? 'A case of the newest version asks' : `${count} cases of the newest version ask`} the same question, compared without regard to case or spacing.
            Open it to read it instead - {words.meanwhile} - or {words.what}.
          </Text>
          {twins.map((twin) => (
            <Paper key={twin.id} withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} miw={0}>
                  <Text size="sm" lineClamp={3} fs={twin.masked ? 'italic' : undefined}>
                    {twin.input}
                  </Text>
                  <Group gap={4}>
                    <Text size="xs" c="dimmed">
                      Changed in v{twin.changedInVersion}
                    </Text>
                    {twin.tags.map((tag) => (
                      <Badge key={tag} size="xs" variant="light" color={tagColor(tag)}>
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
                <Button variant="default" size="xs" onClick={() => onOpen(twin.id)}>
                  Open it
                </Button>
              </Group>
            </Paper>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {words.keep}
            </Button>
            <Button onClick={onAddAnyway} loading={adding}>
              {words.anyway}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
