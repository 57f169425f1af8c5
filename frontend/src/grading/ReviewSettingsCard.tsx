import { Card, Select, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from 'urql';
import { problemFrom } from '../api/errors';
import { notifyProblem } from '../api/ProblemAlert';
import type { ReviewByPerson } from '../gql/graphql';
import { CardTitle } from './CardTitle';
import { UpdateReviewSettingsMutation } from './reviewSettingsOperations';

const REVIEW_BY_PERSON: { value: ReviewByPerson; label: string }[] = [
  { value: 'NOTHING', label: 'Nothing, until somebody sends one' },
  { value: 'NOT_PASSED', label: 'Every result that did not pass' },
  { value: 'EVERY', label: 'Every result' },
];

/**
 * **Review**: which answers scored by hand (Score against a case, the API)
 * wait for a person, and whether the judge's low-confidence verdicts do - a
 * grade right at the pass mark, or repetitions of one answer that disagree.
 * Each choice is saved as it is made.
 */
export function ReviewSettingsCard({ datasetId, settings, disabled }: { datasetId: string; settings: { reviewByPerson: ReviewByPerson; routeLowConfidence: boolean }; disabled: boolean }) {
  const [{ fetching }, update] = useMutation(UpdateReviewSettingsMutation);
  const save = async (patch: { reviewByPerson?: ReviewByPerson; routeLowConfidence?: boolean }) => {
    const result = await update({ input: { datasetId, ...patch } }, { additionalTypenames: ['ReviewSettings'] });
    const problem = problemFrom(result.error);
    if (problem) notifyProblem(problem, 'The review setting was not saved');
    else notifications.show({ color: 'teal', title: 'Review setting saved', message: 'It applies to answers graded from now on; decided answers stay decided.' });
  };
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="review-card-title">
      <div id="review-card-title">
        <CardTitle title="Review" description="Which answers wait for a person in Results → Review answers. Saved as you choose." changed={false} />
      </div>
      <Stack gap="md">
        <Select
          label="Review by a person"
          description="For answers scored by hand: Score against a case in Activity, or the API. Eval runs send their confirmed regressions and judge errors."
          data={REVIEW_BY_PERSON}
          value={settings.reviewByPerson}
          allowDeselect={false}
          disabled={disabled || fetching}
          onChange={(value) => value && value !== settings.reviewByPerson && void save({ reviewByPerson: value as ReviewByPerson })}
        />
        <Switch
          label="Send low-confidence verdicts to review"
          description="A judge's grade right at the pass mark, or repetitions of the same answer that disagree."
          checked={settings.routeLowConfidence}
          disabled={disabled || fetching}
          onChange={(event) => void save({ routeLowConfidence: event.currentTarget.checked })}
        />
      </Stack>
    </Card>
  );
}
