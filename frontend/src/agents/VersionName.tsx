import { Text, Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';
import { labelShortened, versionName } from './versionLabel';

/** The whole label in a tooltip, when the name shown shortens it. */
export function VersionNameTip({ label, children }: { label: string | null | undefined; children: ReactElement }) {
  if (!label || !labelShortened(label)) return children;
  return <Tooltip label={label}>{children}</Tooltip>;
}

/** An agent version as the console names it, "v3 · a1b2c3d", dimmed beside the agent's name. */
export function VersionName({ number, label }: { number: number | string; label?: string | null | undefined }) {
  return (
    <VersionNameTip label={label}>
      <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="agent-version">
        {versionName(number, label)}
      </Text>
    </VersionNameTip>
  );
}
