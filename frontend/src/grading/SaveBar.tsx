import { Button, Group, Paper, Text } from '@mantine/core';
import classes from './SaveBar.module.css';

/** The one bar at the bottom of the screen that saves or discards every grading change at once. */
export function SaveBar({ dirty, saving, canSave, onSave, onDiscard }: { dirty: boolean; saving: boolean; canSave: boolean; onSave: () => void; onDiscard: () => void }) {
  if (!dirty) return null;
  return (
    <Paper className={classes.bar} shadow="lg" withBorder role="region" aria-label="Unsaved grading changes">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={550}>
          Grading has unsaved changes. Saving changes how new answers are graded; older scores keep their configuration.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={onDiscard} disabled={saving}>
            Discard changes
          </Button>
          <Button onClick={onSave} loading={saving} disabled={!canSave}>
            Save grading
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
