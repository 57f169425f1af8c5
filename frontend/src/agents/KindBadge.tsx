import { Badge } from '@mantine/core';
import { IconCode, IconCpu, IconWorldWww } from '@tabler/icons-react';
import type { AgentKind } from '../gql/graphql';
import { KIND_WORDS } from './kindWords';

const KIND_LOOK: Record<AgentKind, { color: string; icon: typeof IconCpu }> = {
  MODEL: { color: 'indigo', icon: IconCpu },
  WEBHOOK: { color: 'grape', icon: IconWorldWww },
  // Shade 9: Mantine's outline badge takes shade 6, and teal's is below AA contrast on white.
  LOCAL: { color: 'teal.9', icon: IconCode },
};

/** Who answers: a model Casebook calls, a webhook endpoint, or a local agent's own code. */
export function KindBadge({ kind }: { kind: AgentKind }) {
  const { color, icon: Icon } = KIND_LOOK[kind];
  return (
    <Badge variant="outline" color={color} leftSection={<Icon size={12} aria-hidden />}>
      {KIND_WORDS[kind].badge}
    </Badge>
  );
}
