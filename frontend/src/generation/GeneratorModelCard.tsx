import { Card, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { notifyProblem } from '../api/ProblemAlert';
import type { ModelConnectionFieldsFragment } from '../gql/graphql';
import { CardTitle } from '../grading/CardTitle';
import { ModelSelect } from '../grading/ModelSelect';
import { chosenModel, generatorModelVariables, type ModelChoice } from './connectionRef';
import { GeneratorModelQuery, SetGeneratorModelMutation } from './operations';

/**
 * **Case generator**: the model Generate cases drafts with, beside the
 * judge's. Saved as chosen, like Review: it makes no version, and a generation
 * already queued keeps the model it started with.
 */
export function GeneratorModelCard({
  datasetId,
  connections,
  disabled,
  canAddModel,
  onConnectionAdded,
}: {
  datasetId: string;
  connections: readonly ModelConnectionFieldsFragment[];
  disabled: boolean;
  canAddModel: boolean;
  onConnectionAdded: (connection: ModelConnectionFieldsFragment) => void;
}) {
  const [{ data }] = useQuery({ query: GeneratorModelQuery, variables: { id: datasetId }, requestPolicy: 'cache-and-network' });
  const [{ fetching }, setModel] = useMutation(SetGeneratorModelMutation);
  const chosen = chosenModel(data?.dataset.generatorModel ?? null);
  const save = async (choice: ModelChoice) => {
    const result = await setModel(generatorModelVariables(datasetId, choice));
    const problem = problemFrom(result.error);
    if (problem) notifyProblem(problem, "The generator's model was not saved");
    else notifications.show({ color: 'teal', title: "Generator's model saved", message: choice.model ? `Generate cases drafts with ${choice.model}.` : 'No model is chosen: Generate cases cannot start until one is.' });
  };
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="generator-card-title">
      <div id="generator-card-title">
        <CardTitle title="Case generator" description="The model Generate cases drafts with; its estimate is priced on it. Saved as you choose." changed={false} />
      </div>
      <Stack gap="md">
        <ModelSelect
          description="The model the case generator drafts with."
          connections={connections}
          connectionId={chosen.connectionId}
          model={chosen.model}
          disabled={disabled || fetching || !data}
          canAddModel={canAddModel}
          onChange={(choice) => void save(choice)}
          onConnectionAdded={onConnectionAdded}
        />
      </Stack>
    </Card>
  );
}
