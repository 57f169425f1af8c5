/**
 * The `casebook eval` command line a page offers, with the ids it knows
 * filled in and the ones it does not named in capitals (`AGENT_ID`), to be
 * taken from that thing's own page. A local agent's run is answered by the
 * command's own code (`--task`); any other agent is called by the server.
 */

export const AGENT_PLACEHOLDER = 'AGENT_ID';
export const DATASET_PLACEHOLDER = 'DATASET_ID';
export const TASK_PLACEHOLDER = 'my_agent:answer';

export interface EvalCommandIds {
  datasetId?: string | null;
  agentId?: string | null;
  /** The agent answers where its code runs: the command names the function that answers. */
  localAgent?: boolean;
  /** Compare with this run; `last` (the dataset's newest finished run) when absent. */
  baselineRunId?: string | null;
}

/** Quoted for a POSIX shell only when it holds something a shell would read otherwise. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

export function evalCommand(ids: EvalCommandIds): string {
  const words = ['casebook', 'eval', '--dataset', ids.datasetId || DATASET_PLACEHOLDER, '--agent', ids.agentId || AGENT_PLACEHOLDER];
  if (ids.localAgent) words.push('--task', TASK_PLACEHOLDER);
  words.push('--baseline', ids.baselineRunId || 'last');
  return words.map(shellWord).join(' ');
}

/** Which ids the command still needs, in words: "Put the agent's id (on its page) in place of AGENT_ID." */
export function missingIdsSentence(ids: EvalCommandIds): string | null {
  const missing: string[] = [];
  if (!ids.datasetId) missing.push(`the dataset's id in place of ${DATASET_PLACEHOLDER}`);
  if (!ids.agentId) missing.push(`the agent's id in place of ${AGENT_PLACEHOLDER}`);
  const task = ids.localAgent ? ` and your own module:function in place of ${TASK_PLACEHOLDER}` : '';
  if (missing.length === 0) return task ? `Put${task.replace(' and', '')}.` : null;
  return `Put ${missing.join(' and ')} (each is on its page, beside its name)${task}.`;
}
