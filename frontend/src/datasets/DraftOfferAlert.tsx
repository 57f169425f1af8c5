import { Alert, Button, Code, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import type { CaseFormValues } from '../cases/caseForm';
import { caseJsonFromForm } from '../cases/caseJson';
import { formatWhen } from '../common/time';
import type { DraftOffer } from '../unsaved/draftOffers';
import { GRADING_EDITOR } from '../unsaved/draftOffers';

/** A kept change as text to read: a case in its import shape, Grading as its settings. */
export function draftPreviewText(editor: string, value: unknown): string {
  if (editor !== GRADING_EDITOR) {
    try {
      return caseJsonFromForm(value as CaseFormValues);
    } catch {
      // Kept by an older console in another shape: show it as it was stored.
    }
  }
  return JSON.stringify(value, null, 2);
}

/**
 * One unsaved change kept in this browser, offered back. A change made on an
 * older version than the newest can only be discarded - after reading it, to
 * make it again.
 */
export function DraftOfferAlert({ offer, onRestore, onDiscard }: { offer: DraftOffer; onRestore: () => void; onDiscard: () => void }) {
  const [previewing, setPreviewing] = useState(false);
  const when = formatWhen(offer.draft.savedAt);
  const stale = offer.offer.kind === 'discard-only';
  return (
    <Alert
      color={stale ? 'yellow' : 'casebook'}
      variant="light"
      icon={<IconDeviceFloppy size={18} aria-hidden />}
      title={stale ? `${offer.label}: unsaved changes made on an older version` : `${offer.label}: unsaved changes`}
      role="region"
    >
      <Stack gap="xs">
        <Text size="sm">
          {offer.offer.kind === 'discard-only'
            ? `This browser kept changes you made ${when} on version ${offer.offer.draftVersion}. The dataset now has version ${offer.offer.latestVersion}, so they cannot be restored over it. Read what they were to make them again, then discard them.`
            : `This browser kept changes you made ${when} and did not save.`}
        </Text>
        <Group gap="xs">
          {stale ? (
            <Button size="xs" variant="default" onClick={() => setPreviewing(true)}>
              See what it was
            </Button>
          ) : (
            <Button size="xs" onClick={onRestore}>
              Restore
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" onClick={onDiscard}>
            Discard
          </Button>
        </Group>
      </Stack>
      <Modal opened={previewing} onClose={() => setPreviewing(false)} title={`What the unsaved change was: ${offer.label}`} size="xl">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Made {when} on version {offer.draft.baseVersion}. Copy what you need, then discard it.
          </Text>
          <ScrollArea.Autosize mah="60vh">
            <Code block>{draftPreviewText(offer.editor, offer.draft.value)}</Code>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPreviewing(false)}>
              Close
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => {
                setPreviewing(false);
                onDiscard();
              }}
            >
              Discard it
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}
