import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ApiProblem } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';

/**
 * The question a thumbs-down asks: what went wrong. The comment is kept with
 * the rating; the newest one becomes the note of a case taken from the reply.
 * `children` sits under the comment: the chat's **Add this answer to a dataset**.
 */
export function ThumbsDownDialog({
  comment,
  onComment,
  busy,
  problem,
  submitLabel = 'Rate down',
  onSubmit,
  onClose,
  children,
}: {
  comment: string;
  onComment: (comment: string) => void;
  busy: boolean;
  problem: ApiProblem | null;
  submitLabel?: string;
  onSubmit: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title="What went wrong?" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {problem && <ProblemAlert problem={problem} title="Not saved" />}
          <Textarea
            label="Comment"
            description="What the answer got wrong, or what it should have said. Optional."
            placeholder="It quoted the old return window: it is 30 days now."
            autosize
            minRows={3}
            maxRows={10}
            value={comment}
            onChange={(event) => onComment(event.currentTarget.value)}
            data-autofocus
          />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
