import { Alert, Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { markQuotes } from '../common/textDiff';
import { checkJsonFromApi, describeCheck } from '../cases/checks';
import { ExpectedToolCalls } from '../cases/view/ExpectedToolCalls';
import { workspaceSearch } from '../datasets/workspaceParams';
import { ToolCalls } from '../evals/AnswerCard';
import type { ReviewScoreQuery } from '../gql/graphql';
import { Markdown } from '../markdown/Markdown';
import { CRITERION_KINDS, failingFirst, SCORER_NAMES } from './reviewWords';

export type ReviewedScore = ReviewScoreQuery['score'];
type Grade = ReviewedScore['judgeGrades'][number];

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="xs" component="section" aria-label={title} data-testid={testId}>
      <Title order={3} fz="sm" tt="uppercase" c="dimmed" lts={0.4}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function caseLink(datasetId: string, caseId: string, version: number | null): string {
  return `/datasets/${encodeURIComponent(datasetId)}${workspaceSearch({ tab: 'cases', version, caseId, editing: false, guide: false, run: null, startEval: false, proposed: false })}`;
}

/** What the case asked and expected: the question linked to the case as graded, the reference answer, the expected tool calls and the checks. */
export function CaseAsked({ score, datasetId, latestVersion }: { score: ReviewedScore; datasetId: string; latestVersion: number }) {
  const graded = score.case;
  if (!graded) {
    return (
      <Section title="What the case asked">
        <Text size="sm" c="dimmed">
          The case is gone: it was removed from the dataset after this answer was graded.
        </Text>
      </Section>
    );
  }
  const version = score.datasetVersion < latestVersion ? score.datasetVersion : null;
  return (
    <Section title="What the case asked">
      <Anchor component={Link} to={caseLink(datasetId, graded.id, version)} fw={500} data-testid="review-question">
        {graded.masked ? 'The question is hidden from you: open the case' : graded.input}
      </Anchor>
      <Text size="xs" c="dimmed">
        Graded against revision {score.caseRevision} of the case, in version {score.datasetVersion}
        {graded.tags.length > 0 ? ` · tagged ${graded.tags.join(', ')}` : ''}
      </Text>
      {graded.referenceAnswer ? (
        <Paper withBorder radius="md" p="sm" role="group" aria-label="Reference answer">
          <Group gap={6} mb={4}>
            <Text size="xs" fw={700} c="teal.9" tt="uppercase" lts={0.4}>
              Reference answer
            </Text>
            {graded.referenceVerified && (
              <Badge size="xs" color="teal">
                Verified
              </Badge>
            )}
          </Group>
          {graded.masked ? <Text size="sm">{graded.referenceAnswer}</Text> : <Markdown>{graded.referenceAnswer}</Markdown>}
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          No reference answer.
        </Text>
      )}
      {graded.expectedToolCalls.length > 0 && <ExpectedToolCalls calls={graded.expectedToolCalls} orderMode={graded.orderMode} masked={graded.masked} />}
      {graded.checks.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Checks
          </Text>
          <List size="sm" spacing={2}>
            {graded.checks.map((check, index) => (
              <List.Item key={index}>{describeCheck(checkJsonFromApi(check))}</List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Section>
  );
}

/** Evidence the reader may not see: said once, in words, where the answer would be. */
export function MaskedEvidence() {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} title="The answer is hidden from you" data-testid="evidence-masked">
      Reading an answer, its grading evidence and the reviewer&apos;s note needs permission to read runs and access to the agent that answered. Its outcome and
      review state are shown.
    </Alert>
  );
}

/**
 * The answer with the passages the judge quoted marked in it, each mark
 * naming the criterion it backs; the answer in Markdown when the judge quoted
 * nothing it holds word for word.
 */
export function QuotedAnswer({ answer, grades }: { answer: string; grades: readonly Pick<Grade, 'criterionText' | 'quotes'>[] }) {
  const quoted = grades.flatMap((grade) => (grade.quotes ?? []).filter((quote) => quote.verified).map((quote) => ({ text: quote.text, criterion: grade.criterionText })));
  const parts = markQuotes(answer, quoted.map((quote) => quote.text));
  if (!parts.some((part) => part.quote !== null)) return <Markdown>{answer}</Markdown>;
  return (
    <Stack gap={4}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="quoted-answer">
        {parts.map((part, index) =>
          part.quote === null ? (
            <span key={index}>{part.text}</span>
          ) : (
            <mark key={index} title={`Quoted by the judge for: ${quoted[part.quote]?.criterion ?? ''}`} style={{ background: 'var(--mantine-color-yellow-light)', color: 'inherit' }}>
              {part.text}
            </mark>
          ),
        )}
      </Text>
      <Text size="xs" c="dimmed">
        Marked: what the judge quoted from the answer.
      </Text>
    </Stack>
  );
}

/** The answer as it was graded (Markdown, with the tool calls it made), and which agent and version answered it on which model. */
export function GradedAnswer({ score }: { score: ReviewedScore }) {
  const agent = score.agentName ? `${score.agentName}${score.agentVersion ? ` v${score.agentVersion}` : ''}` : 'An agent not named';
  return (
    <Section title="The answer as graded">
      <Group gap="xs">
        <Text size="sm">
          Answered by{' '}
          {score.answeringAgentId ? (
            <Anchor component={Link} to={`/agents/${encodeURIComponent(score.answeringAgentId)}`} fw={600}>
              {agent}
            </Anchor>
          ) : (
            <Text span fw={600}>
              {agent}
            </Text>
          )}
          {score.answeringModel ? ` on ${score.answeringModel}` : ''}
          {score.pins?.model ? `; graded by the judge on ${score.pins.model}` : ''}.
        </Text>
      </Group>
      {score.warnings.map((warning) => (
        <Alert key={warning} color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="judge-own-model-warning">
          {warning.charAt(0).toUpperCase() + warning.slice(1)}.
        </Alert>
      ))}
      {score.evidenceMasked ? (
        <MaskedEvidence />
      ) : (
        <>
          <Paper withBorder radius="md" p="sm" role="group" aria-label="Answer">
            {score.answer ? <QuotedAnswer answer={score.answer} grades={score.judgeGrades} /> : <Text size="sm" c="dimmed">The answer was empty.</Text>}
          </Paper>
          {score.answerCut && (
            <Text size="xs" c="dimmed">
              The answer kept is its first 8,000 of {score.answerChars.toLocaleString('en')} characters.
            </Text>
          )}
          {score.toolCalls && score.toolCalls.length > 0 && <ToolCalls calls={score.toolCalls} />}
        </>
      )}
    </Section>
  );
}

const STATUS_COLORS = { PASS: 'teal', FAIL: 'red', ERROR: 'gray' } as const;
const STATUS_WORDS = { PASS: 'Pass', FAIL: 'Fail', ERROR: 'No verdict' } as const;

function GradeFinding({ grade }: { grade: Grade }) {
  const unverified = (grade.quotes ?? []).filter((quote) => !quote.verified);
  const verified = (grade.quotes ?? []).filter((quote) => quote.verified);
  return (
    <Stack gap={2} pl="md" data-testid="criterion-finding">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge size="xs" variant="light" color={STATUS_COLORS[grade.status]} style={{ flexShrink: 0 }}>
          {STATUS_WORDS[grade.status]}
          {grade.grade !== null && grade.grade !== undefined ? ` · ${grade.grade}` : ''}
        </Badge>
        <Text size="sm" fw={500}>
          {grade.criterionText}{' '}
          <Text span size="xs" c="dimmed">
            ({CRITERION_KINDS[grade.kind] ?? grade.kind}
            {grade.verified ? '' : ', unverified'})
          </Text>
        </Text>
      </Group>
      {grade.reason && <Text size="sm">{grade.reason}</Text>}
      {grade.rule && (
        <Text size="xs" c="dimmed">
          Rule: {grade.rule}
        </Text>
      )}
      {verified.map((quote, index) => (
        <Text key={`v${index}`} size="xs" fs="italic">
          “{quote.text}”
        </Text>
      ))}
      {unverified.map((quote, index) => (
        <Text key={`u${index}`} size="xs" c="orange.9">
          Unverified quote, not in the answer word for word: “{quote.text}”
        </Text>
      ))}
    </Stack>
  );
}

/** What each scorer found and why, failing first; the judge's grade of each criterion under it, failing first too. */
export function ScorerFindings({ score }: { score: ReviewedScore }) {
  const grades = failingFirst(score.judgeGrades);
  return (
    <Section title="What each scorer found" testId="scorer-findings">
      {score.results.length === 0 && (
        <Text size="sm" c="dimmed">
          No scorer graded this answer.
        </Text>
      )}
      {failingFirst(score.results).map((result) => {
        const judged = grades.filter((grade) => grade.scorer === result.scorer);
        return (
          <Stack key={result.scorer} gap={4} data-testid="scorer-finding">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge size="sm" variant="light" color={result.skipped ? 'gray' : STATUS_COLORS[result.status]} style={{ flexShrink: 0 }}>
                {result.skipped ? 'Skipped' : STATUS_WORDS[result.status]}
              </Badge>
              <Text size="sm" fw={600}>
                {SCORER_NAMES[result.scorer] ?? result.scorer}
                {result.mustPass ? '' : ' (need not pass)'}
              </Text>
            </Group>
            {result.reason && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {result.reason}
              </Text>
            )}
            {judged.map((grade) => (
              <GradeFinding key={`${grade.kind}:${grade.criterionId}`} grade={grade} />
            ))}
          </Stack>
        );
      })}
    </Section>
  );
}
