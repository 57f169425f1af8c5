import { Group, Stack, Text } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import type { CriterionTrustFieldsFragment } from '../gql/graphql';
import { agreementWords, disagreementWords, flipWords, quoteWords } from './trustWords';

/** One criterion's trust figures, in a line under it. */
export function TrustLine({ trust, label }: { trust: CriterionTrustFieldsFragment | undefined; label?: string }) {
  if (!trust) return null;
  const disagreement = disagreementWords(trust);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="criterion-trust" data-criterion={trust.criterionId}>
      <IconScale size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
      <Text size="xs" c="dimmed">
        {label ? `${label}: ` : ''}
        {agreementWords(trust)}
        {disagreement ? `; ${disagreement}` : ''} · {flipWords(trust)} · {quoteWords(trust)}.
      </Text>
    </Group>
  );
}

/**
 * How far to trust the judge as a whole and on what no rubric criterion
 * covers (the reference answer, counter-examples, single cases' judge
 * checks): its verdicts against people's decisions, its flips across
 * repetitions of the same answer, its unverified quotes.
 */
export function JudgeTrustSummary({ verdict, others }: { verdict: CriterionTrustFieldsFragment; others: readonly CriterionTrustFieldsFragment[] }) {
  return (
    <Stack gap={4} component="section" aria-label="How far to trust the grades">
      <Text size="sm" fw={600}>
        How far to trust the judge
      </Text>
      <TrustLine trust={verdict} label="Its verdict" />
      {others.map((trust) => (
        <TrustLine key={trust.criterionId} trust={trust} label={trust.criterionText} />
      ))}
    </Stack>
  );
}
