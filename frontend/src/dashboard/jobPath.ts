import { countWords } from '../review/reviewWords';
import { agentAtVersion } from '../agents/versionLabel';

/**
 * The dashboard's path through Casebook's job - the cases, the latest run
 * and its comparison, the waiting review, run it again - in words, from the
 * newest eval run the reader can see; and an organization's first steps
 * while it has nothing to walk yet.
 */

export interface PathRun {
  id: string;
  status: string;
  dataset: { id: string; name: string; caseCount: number };
  agents: readonly { agentId: string; agent?: { id: string; name: string } | null; agentName: string; agentVersion: number; versionLabel?: string | null }[];
  baseline?: { id: string } | null;
  progress: { total: number; passed: number; failed: number; notGraded: number };
  comparison?: {
    comparedCases: number;
    confirmedRegressions: number;
    regressions: readonly { confirmed?: boolean | null }[];
    improvements: readonly { confirmed?: boolean | null }[];
  } | null;
}

const ENDED = new Set(['FINISHED', 'FAILED', 'CANCELLED']);

export function runEnded(status: string): boolean {
  return ENDED.has(status);
}

/** "8 cases": what the dataset asks of its agent. */
export function casesSentence(run: PathRun): string {
  return `${countWords(run.dataset.caseCount, 'case', 'cases')} in ${run.dataset.name}`;
}

/** "Shop assistant v3 · v2" (several agents joined with "and"). */
export function agentsName(run: PathRun): string {
  return run.agents.map((a) => agentAtVersion(a.agent?.name ?? a.agentName, a.agentVersion, a.versionLabel)).join(' and ');
}

/** "7 of 8 passed"; "running: 3 of 8 graded" while it runs. */
export function runSentence(run: PathRun): string {
  const { total, passed, failed, notGraded } = run.progress;
  if (!runEnded(run.status)) return `running: ${passed + failed + notGraded} of ${total} graded`;
  return `${passed} of ${countWords(total, 'answer', 'answers')} passed`;
}

/** "1 regression and 2 improvements against the run before, confirmed by a rerun"; null without a baseline. */
export function comparisonSentence(run: PathRun): string | null {
  const compared = run.comparison;
  if (!run.baseline || !compared) return null;
  const regressions = compared.regressions.filter((r) => r.confirmed).length;
  const improvements = compared.improvements.filter((i) => i.confirmed).length;
  if (regressions === 0 && improvements === 0) {
    const flips = compared.regressions.length + compared.improvements.length;
    return flips === 0 ? 'the same results as the run before' : `${countWords(flips, 'case', 'cases')} changed against the run before, none confirmed by the rerun`;
  }
  return `${countWords(regressions, 'regression', 'regressions')} and ${countWords(improvements, 'improvement', 'improvements')} against the run before, confirmed by a rerun`;
}

/** "1 answer waits for your decision"; "Nothing waits for a decision". */
export function reviewSentence(waiting: number): string {
  if (waiting === 0) return 'Nothing waits for a decision';
  return `${countWords(waiting, 'answer waits', 'answers wait')} for your decision`;
}

export interface FirstStep {
  id: 'dataset' | 'agent' | 'run';
  title: string;
  description: string;
  done: boolean;
}

/** A new organization's three steps, each ticked once it is done. */
export function firstSteps(has: { datasets: number; agents: number; modelConnections: number; runs: number }): FirstStep[] {
  return [
    {
      id: 'dataset',
      title: 'Create a dataset',
      description: 'The questions your agent must get right, with what a right answer holds: import a file or write the first case.',
      done: has.datasets > 0,
    },
    {
      id: 'agent',
      title: 'Connect a model or an agent',
      description: 'A model connection lets Casebook call a model (and its judge grade); a webhook or local agent answers with your own code.',
      done: has.agents > 0 || has.modelConnections > 0,
    },
    {
      id: 'run',
      title: 'Run an eval',
      description: 'Every case answered and graded; the next run is compared with it, case by case.',
      done: has.runs > 0,
    },
  ];
}
