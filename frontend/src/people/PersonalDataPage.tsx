import { Alert, Button, Group, Modal, Paper, Progress, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { useClient, useMutation, useQuery, useSubscription } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { downloadText } from '../common/download';
import { useViewer } from '../session/SessionProvider';
import { PageHeader } from '../shell/PageHeader';
import { erasureProgress, erasureSummary, PHASE_WORDS, type PersonChoice, personInput } from './erasure';
import { ErasePersonMutation, ErasureProgressSubscription, PersonalDataPageQuery, PersonDataExportQuery } from './operations';
import { RetentionCard } from './RetentionCard';

interface ErasureJob {
  id: string;
  who: string;
}

function ErasureProgressCard({ job }: { job: ErasureJob }) {
  const [{ data, error }] = useSubscription({ query: ErasureProgressSubscription, variables: { id: job.id } });
  const state = data?.jobProgress ?? null;
  const progress = erasureProgress(state?.result);
  const failed = state?.status === 'failed';
  const finished = state?.status === 'succeeded';
  const problem = problemFrom(error);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Erasure progress">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Erasing {job.who}
        </Title>
        <Progress value={progress?.percent ?? 0} animated={!finished && !failed} color={failed ? 'red' : finished ? 'teal' : 'blue'} aria-label="Erasure progress" />
        <Text size="sm" role="status">
          {failed
            ? 'The erasure stopped.'
            : finished
              ? 'Erased.'
              : progress
                ? `${PHASE_WORDS[progress.phase]}: ${progress.done} of ${progress.total}`
                : 'Waiting for a worker to start…'}
        </Text>
        {finished && progress && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Nothing they wrote is left">
            {erasureSummary(progress)}. Their cases stay in their datasets, marked Anonymised after erasure, until their curators rewrite or remove them.
          </Alert>
        )}
        {failed && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="The erasure stopped">
            {state?.error ?? 'The worker reported a failure.'} Start it again: it goes on from where it stopped.
          </Alert>
        )}
        {problem && <ProblemAlert problem={problem} title="Progress cannot be followed live" />}
      </Stack>
    </Paper>
  );
}

function ConfirmErasure({ who, busy, onConfirm, onClose }: { who: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`Erase ${who}?`} size="md">
      <Stack gap="sm">
        <Text size="sm">
          They leave the organization now. Then every case they asked has its question, earlier turns, answers and note replaced in every version, and is marked
          Anonymised after erasure; their turns and notes are taken out of cases others asked; what eval runs recorded for their cases, the answer copies of scores
          of their runs, their ratings and their conversations go. Cases keep their ids, expected calls, checks and tags.
        </Text>
        <Text size="sm" fw={600}>
          This cannot be undone. Export their data first if they asked for it.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            Erase {who}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Personal data, for those who manage the organization: erase a person - a
 * member, or an end user an integration named - with the job's progress
 * live; export their data as a file; set how long conversations are kept.
 */
export function PersonalDataPage() {
  const viewer = useViewer();
  const client = useClient();
  const [{ data, error }] = useQuery({ query: PersonalDataPageQuery, requestPolicy: 'cache-and-network' });
  const [choice, setChoice] = useState<PersonChoice>({ kind: 'member', memberId: null });
  const [missing, setMissing] = useState<string | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [{ fetching: erasing }, erase] = useMutation(ErasePersonMutation);
  const [job, setJob] = useState<ErasureJob | null>(null);
  const mayManage = viewer.permissions.includes('organization:manage');

  const members = data?.members ?? [];
  const who =
    choice.kind === 'member'
      ? (members.find((member) => member.user.id === choice.memberId)?.user.name ?? 'this member')
      : choice.name.trim() || 'this person';

  const chosen = () => {
    const read = personInput(choice);
    if ('missing' in read) {
      setMissing(read.missing);
      return null;
    }
    setMissing(null);
    setProblem(null);
    return read.input;
  };

  const exportData = async () => {
    const person = chosen();
    if (!person) return;
    setExporting(true);
    const result = await client.query(PersonDataExportQuery, { person }, { requestPolicy: 'network-only' }).toPromise();
    setExporting(false);
    const file = result.data?.personDataExport;
    if (file) downloadText(file.filename, file.contentType, file.content);
    else setProblem(problemFrom(result.error));
  };

  const confirmErasure = async () => {
    const person = chosen();
    if (!person) return;
    const result = await erase({ input: person }, { additionalTypenames: ['Case', 'CaseConnection'] });
    setConfirming(false);
    const started = result.data?.erasePerson.job;
    if (started) setJob({ id: started.id, who });
    else setProblem(problemFrom(result.error));
  };

  if (!mayManage) {
    return (
      <>
        <PageHeader title="Personal data" />
        <Alert color="gray" variant="light" title="Only those who manage the organization">
          Erasing people, exporting their data and retention need the Owner or Admin role.
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Personal data"
        description={`Erase a person from ${viewer.organization.name}, give them their data, and decide how long conversations are kept.`}
      />
      <Stack gap="lg" maw={860}>
        {problemFrom(error) && <ProblemAlert problem={problemFrom(error) as ApiProblem} />}
        <Paper withBorder radius="md" p="md" component="section" aria-label="A person">
          <Stack gap="sm">
            <Title order={2} fz="md">
              A person
            </Title>
            <SegmentedControl
              w="fit-content"
              value={choice.kind}
              onChange={(kind) => {
                setMissing(null);
                setChoice(kind === 'member' ? { kind: 'member', memberId: null } : { kind: 'endUser', name: '' });
              }}
              data={[
                { value: 'member', label: 'A member' },
                { value: 'endUser', label: 'An end user' },
              ]}
              aria-label="Who"
            />
            {choice.kind === 'member' ? (
              <Select
                label="Member"
                placeholder="Choose a member"
                searchable
                data={members.map((member) => ({ value: member.user.id, label: `${member.user.name} · ${member.user.email}` }))}
                value={choice.memberId}
                onChange={(memberId) => setChoice({ kind: 'member', memberId })}
                error={missing}
                maw={480}
              />
            ) : (
              <TextInput
                label="End user"
                description="The name the integration recorded their conversations under."
                value={choice.name}
                onChange={(event) => setChoice({ kind: 'endUser', name: event.currentTarget.value })}
                error={missing}
                maw={480}
              />
            )}
            <Group>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting} onClick={() => void exportData()}>
                Export their data
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconEraser size={16} aria-hidden />}
                onClick={() => {
                  if (chosen()) setConfirming(true);
                }}
              >
                Erase…
              </Button>
            </Group>
            {problem && <ProblemAlert problem={problem} onClose={() => setProblem(null)} />}
          </Stack>
        </Paper>
        {job && <ErasureProgressCard key={job.id} job={job} />}
        {data && <RetentionCard days={data.viewer?.organization.conversationRetentionDays ?? null} />}
      </Stack>
      {confirming && <ConfirmErasure who={who} busy={erasing} onConfirm={() => void confirmErasure()} onClose={() => setConfirming(false)} />}
    </>
  );
}
