import { Badge, Button, Paper, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconLock, IconSparkles } from '@tabler/icons-react';
import { tagColor } from '../cases/labels';
import type { GenerationChoices } from '../generation/generationChoices';
import type { CoverageGapFieldsFragment } from '../gql/graphql';
import { gapReasonLabel, gapReasonSentence, gapRuleWords, prefillWords } from './coverageWords';
import type { GenerateForGapOffer } from './gapGeneration';

const REASON_ID = 'generate-for-gap-reason';

function GenerateForGapButton({ offer, onClick }: { offer: GenerateForGapOffer; onClick: () => void }) {
  if (offer.kind === 'disabled') {
    // Disabled by aria and data attributes, not `disabled`: a disabled button takes no pointer, so its tooltip would never show.
    return (
      <Tooltip label={offer.reason}>
        <Button size="xs" variant="default" leftSection={<IconLock size={14} aria-hidden />} data-disabled aria-disabled="true" aria-describedby={REASON_ID} onClick={(event) => event.preventDefault()}>
          Generate for this gap
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button size="xs" variant="default" leftSection={<IconSparkles size={14} aria-hidden />} onClick={onClick}>
      Generate for this gap
    </Button>
  );
}

/**
 * The gaps, failing tags first, each with why it is one in words and the
 * shortcut that opens Generate cases pre-filled for it.
 */
export function CoverageGaps({
  gaps,
  fewBelow,
  offer,
  choicesFor,
  onGenerate,
}: {
  gaps: readonly CoverageGapFieldsFragment[];
  fewBelow: number;
  offer: GenerateForGapOffer;
  /** What the dialog opens with for a gap: shown in its row, so the row and the dialog agree. */
  choicesFor: (gap: CoverageGapFieldsFragment) => GenerationChoices;
  onGenerate: (gap: CoverageGapFieldsFragment) => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="coverage-gaps-title">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md" id="coverage-gaps-title">
            Gaps
          </Title>
          <Text size="sm" c="dimmed">
            {gapRuleWords(fewBelow)}
          </Text>
          {offer.kind === 'disabled' && gaps.length > 0 && (
            <Text size="sm" c="dimmed" id={REASON_ID} data-testid="generate-for-gap-reason">
              {offer.reason}
            </Text>
          )}
        </div>
        {gaps.length === 0 ? (
          <Text size="sm" data-testid="coverage-no-gaps">
            No gaps: every tag has at least {fewBelow} cases and none of them failed its latest score.
          </Text>
        ) : (
          <Table fz="sm" aria-labelledby="coverage-gaps-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tag</Table.Th>
                <Table.Th>Why it is a gap</Table.Th>
                <Table.Th>Generate pre-fills</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Generate</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {gaps.map((gap) => {
                const choices = choicesFor(gap);
                return (
                  <Table.Tr key={gap.tag} data-testid="coverage-gap">
                    <Table.Td>
                      <Badge variant="light" color={tagColor(gap.tag)} size="sm">
                        {gap.tag}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={gap.reason === 'failing' ? 'red' : 'yellow'} size="xs" mr="xs">
                        {gapReasonLabel(gap.reason)}
                      </Badge>
                      <span data-testid="coverage-gap-reason">{gapReasonSentence(gap, fewBelow)}</span>
                    </Table.Td>
                    <Table.Td>{prefillWords(choices.count, choices.sources[0] ?? gap.suggestedSource)}</Table.Td>
                    <Table.Td ta="right">
                      <GenerateForGapButton offer={offer} onClick={() => onGenerate(gap)} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
