import { Badge } from '@mantine/core';
import { IconLock, IconUsersGroup } from '@tabler/icons-react';

/** Who can see a shared resource (a dataset, an agent, a skill): the whole organization, or only the people it is shared with. */
export function VisibilityBadge({ visibility }: { visibility: 'ORGANIZATION' | 'PRIVATE' }) {
  const isPrivate = visibility === 'PRIVATE';
  return (
    <Badge
      variant="light"
      color={isPrivate ? 'gray' : 'casebook'}
      leftSection={isPrivate ? <IconLock size={12} aria-hidden /> : <IconUsersGroup size={12} aria-hidden />}
    >
      {isPrivate ? 'Private' : 'Organization'}
    </Badge>
  );
}
