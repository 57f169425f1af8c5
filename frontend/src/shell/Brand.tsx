import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';

export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={large ? 36 : 28} radius="md" variant="filled" aria-hidden>
        <IconNotebook size={large ? 22 : 18} stroke={1.8} />
      </ThemeIcon>
      <Text fw={650} fz={large ? 22 : 17} lts={-0.2}>
        Casebook
      </Text>
    </Group>
  );
}
