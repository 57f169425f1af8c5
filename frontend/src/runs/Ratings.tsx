import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconThumbDown, IconThumbDownFilled, IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react';
import { formatExact, formatWhen } from '../common/time';
import type { RatingFieldsFragment, RatingValue } from '../gql/graphql';

/** Who left a rating, in words: you, a member, or the end user the integrator named. */
export function raterName(rating: RatingFieldsFragment): string {
  if (rating.byViewer) return 'You';
  if (rating.rater) return rating.rater.name || rating.rater.email;
  if (rating.raterEndUser) return rating.raterEndUser;
  return 'Someone who left the organization';
}

/** Thumbs up and down: pressed when it is your rating; pressing one rates, pressing yours again removes it. */
export function RatingButtons({
  value,
  busy,
  counts,
  onRate,
}: {
  value: RatingValue | null | undefined;
  busy: boolean;
  counts?: { up: number; down: number };
  onRate: (value: RatingValue) => void;
}) {
  const up = value === 'UP';
  const down = value === 'DOWN';
  return (
    <Group gap={4} role="group" aria-label="Rate this answer">
      <Tooltip label={up ? 'You rated it up' : 'Good answer'}>
        <ActionIcon variant={up ? 'light' : 'subtle'} color={up ? 'teal' : 'gray'} aria-label="Thumbs up" aria-pressed={up} disabled={busy} onClick={() => onRate('UP')}>
          {up ? <IconThumbUpFilled size={18} aria-hidden /> : <IconThumbUp size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      {counts && counts.up > 0 && (
        <Text size="xs" c="dimmed" aria-label={`${counts.up} thumbs up`}>
          {counts.up}
        </Text>
      )}
      <Tooltip label={down ? 'You rated it down' : 'Something went wrong'}>
        <ActionIcon variant={down ? 'light' : 'subtle'} color={down ? 'red' : 'gray'} aria-label="Thumbs down" aria-pressed={down} disabled={busy} onClick={() => onRate('DOWN')}>
          {down ? <IconThumbDownFilled size={18} aria-hidden /> : <IconThumbDown size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      {counts && counts.down > 0 && (
        <Text size="xs" c="dimmed" aria-label={`${counts.down} thumbs down`}>
          {counts.down}
        </Text>
      )}
    </Group>
  );
}

/** Every rating of a reply, newest first, with its comment. */
export function RatingsList({ ratings }: { ratings: readonly RatingFieldsFragment[] }) {
  if (ratings.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nobody has rated this answer.
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {ratings.map((rating, index) => (
        <Group key={index} component="li" gap="sm" align="flex-start" wrap="nowrap">
          {rating.value === 'UP' ? (
            <IconThumbUpFilled size={18} color="var(--mantine-color-teal-7)" aria-label="Thumbs up" />
          ) : (
            <IconThumbDownFilled size={18} color="var(--mantine-color-red-7)" aria-label="Thumbs down" />
          )}
          <Stack gap={2} miw={0}>
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {raterName(rating)}
              </Text>
              <Tooltip label={formatExact(rating.updatedAt ?? rating.createdAt)}>
                <Text size="xs" c="dimmed">
                  {formatWhen(rating.updatedAt ?? rating.createdAt)}
                </Text>
              </Tooltip>
            </Group>
            {rating.comment ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {rating.comment}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                No comment.
              </Text>
            )}
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
