import { Button, Group, Kbd, Popover, Stack, Switch, Table, Text } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { Fragment } from 'react';
import { REVIEW_KEYS } from './keyboard';

/** The keys of Review answers, shown where they are used; with the switch that moves on after each decision. */
export function KeyboardHelp({ opened, onChange, nextAfterDeciding, onNextAfterDeciding }: { opened: boolean; onChange: (opened: boolean) => void; nextAfterDeciding: boolean; onNextAfterDeciding: (value: boolean) => void }) {
  return (
    <Group gap="sm">
      <Switch size="sm" label="Next after deciding" checked={nextAfterDeciding} onChange={(event) => onNextAfterDeciding(event.currentTarget.checked)} />
      <Popover opened={opened} onChange={onChange} position="bottom-end" width={420} withArrow shadow="md">
        <Popover.Target>
          <Button size="xs" variant="subtle" leftSection={<IconKeyboard size={14} aria-hidden />} onClick={() => onChange(!opened)} aria-keyshortcuts="?">
            Keyboard
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" role="region" aria-label="Keyboard">
            <Text size="sm">Review many answers without the mouse: open one with J, decide with P or F, and the next one opens.</Text>
            <Table fz="sm" aria-label="Keys">
              <Table.Tbody>
                {REVIEW_KEYS.map((info) => (
                  <Table.Tr key={info.keys.join('+')}>
                    <Table.Td w={96}>
                      {info.keys.map((key, index) => (
                        <Fragment key={key}>
                          {index > 0 && ' + '}
                          <Kbd size="xs">{key}</Kbd>
                        </Fragment>
                      ))}
                    </Table.Td>
                    <Table.Td>{info.does}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
