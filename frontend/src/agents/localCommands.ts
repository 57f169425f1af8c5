/**
 * The command lines that answer a local agent's eval runs, ready to copy:
 * `casebook eval` starts a run and answers it with `--task` (a Python
 * function) or `--exec` (a command in any language), and `--resume` answers
 * a run already started, such as one started from the console.
 */

/** Where the placeholders stand until the person fills them in. */
export const DATASET_PLACEHOLDER = '<DATASET_ID>';
export const TASK_EXAMPLE = 'mypkg.agent:answer';
export const EXEC_EXAMPLE = 'node agent.js';

/** The scopes an API key needs to start a local agent's run and answer it. */
export const LOCAL_KEY_SCOPES = ['runs:view', 'datasets:view', 'datasets:run', 'agents:view', 'agents:run'] as const;

const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;
const PLACEHOLDER = /^<[A-Z_]+>$/;

/** One argument as a POSIX shell reads it back unchanged: bare when it can be, else in single quotes. A placeholder stays as written. */
export function shellWord(value: string): string {
  if (PLAIN_WORD.test(value) || PLACEHOLDER.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

function command(words: readonly string[]): string {
  return ['casebook', 'eval', ...words.map(shellWord)].join(' ');
}

/** How the code answers: a Python function (`--task`) or a long-lived command reading cases as JSON lines (`--exec`). */
export type Answerer = { task: string } | { exec: string };

function answererWords(answerer: Answerer): string[] {
  return 'task' in answerer ? ['--task', answerer.task] : ['--exec', answerer.exec];
}

/** `--url` with the API's address as the console reaches it (the CLI adds `/graphql` itself); none when unknown, for the CLI's default. */
function urlWords(apiUrl: string | null | undefined): string[] {
  const base = apiUrl?.trim().replace(/\/graphql\/?$/, '');
  return base ? ['--url', base] : [];
}

/** Starts a run of the agent over a dataset and answers it: `casebook eval --dataset <DATASET_ID> --agent <id> --task mypkg.agent:answer`. */
export function localEvalCommand({ agentId, datasetId, answerer = { task: TASK_EXAMPLE }, apiUrl }: { agentId: string; datasetId?: string | null; answerer?: Answerer; apiUrl?: string | null }): string {
  return command(['--dataset', datasetId || DATASET_PLACEHOLDER, '--agent', agentId, ...answererWords(answerer), ...urlWords(apiUrl)]);
}

/** Answers a run already started, or takes over from a client that stopped: `casebook eval --resume <run id> --task mypkg.agent:answer`. */
export function resumeCommand({ runId, answerer = { task: TASK_EXAMPLE }, apiUrl }: { runId: string; answerer?: Answerer; apiUrl?: string | null }): string {
  return command(['--resume', runId, ...answererWords(answerer), ...urlWords(apiUrl)]);
}
