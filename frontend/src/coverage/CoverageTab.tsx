import { Center, EmptyState, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { GenerateCasesDialog } from '../generation/GenerateCasesDialog';
import type { CoverageGapFieldsFragment, DatasetHeaderFieldsFragment, GenerationFieldsFragment } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { CoverageGaps } from './CoverageGaps';
import { CasesBySource, CasesByTag } from './CoverageTables';
import { coverageSummaryWords } from './coverageWords';
import { gapChoices, generateForGapOffer } from './gapGeneration';
import { DatasetCoverageQuery } from './operations';

/**
 * Coverage: the newest version's cases by tag and by source, the untagged
 * count, and the gaps - each with Generate for this gap, which opens Generate
 * cases with the gap's suggested source and count.
 */
export function CoverageTab({ dataset, onGenerationStarted }: { dataset: DatasetHeaderFieldsFragment; onGenerationStarted: (generation: GenerationFieldsFragment) => void }) {
  const viewer = useViewer();
  const [forGap, setForGap] = useState<CoverageGapFieldsFragment | null>(null);
  // Scores and cases change elsewhere without a mutation of this page: read anew each time the tab opens.
  const [{ data, fetching, error }] = useQuery({ query: DatasetCoverageQuery, variables: { id: dataset.id }, requestPolicy: 'cache-and-network', pause: dataset.latestVersion === 0 });
  const problem = problemFrom(error);
  const coverage = data?.dataset.coverage;
  const offer = generateForGapOffer(dataset.viewerCan);
  const choicesFor = (gap: CoverageGapFieldsFragment) => gapChoices(gap, viewer.permissions);

  if (dataset.latestVersion === 0) {
    return (
      <Paper withBorder radius="md" py={48} px="xl">
        <EmptyState icon={<IconChartBar size={28} stroke={1.5} />} variant="light" title="No cases yet" description="Coverage counts the newest version's cases by tag and by source, and finds the tags worth generating for, once the dataset has cases." />
      </Paper>
    );
  }
  if (problem) return <ProblemAlert problem={problem} title="The coverage could not be read" />;
  if (!coverage) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the coverage" />
      </Center>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" role="status" data-testid="coverage-summary">
        {coverageSummaryWords(coverage)}
        {fetching && <Loader size="xs" ml="xs" aria-label="Reading the coverage again" />}
      </Text>
      <CoverageGaps gaps={coverage.gaps} fewBelow={coverage.fewBelow} offer={offer} choicesFor={choicesFor} onGenerate={setForGap} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CasesByTag byTag={coverage.byTag} untagged={coverage.untagged} />
        <CasesBySource bySource={coverage.bySource} />
      </SimpleGrid>
      {forGap && (
        <GenerateCasesDialog
          key={forGap.tag}
          datasetId={dataset.id}
          initialChoices={choicesFor(forGap)}
          forTag={forGap.tag}
          onClose={() => setForGap(null)}
          onStarted={(started) => {
            setForGap(null);
            onGenerationStarted(started);
          }}
        />
      )}
    </Stack>
  );
}
