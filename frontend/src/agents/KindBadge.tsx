import { Badge } from '@mantine/core';
import { IconCpu, IconWorldWww } from '@tabler/icons-react';
import type { AgentKind } from '../gql/graphql';

/** A model agent (Casebook calls the model) or a webhook agent (its endpoint answers). */
export function KindBadge({ kind }: { kind: AgentKind }) {
  const model = kind === 'MODEL';
  return (
    <Badge variant="outline" color={model ? 'indigo' : 'grape'} leftSection={model ? <IconCpu size={12} aria-hidden /> : <IconWorldWww size={12} aria-hidden />}>
      {model ? 'Model' : 'Webhook'}
    </Badge>
  );
}
