/**
 * An agent between the form and the API: the form holds text as typed (a
 * tool's arguments schema as JSON text, the timeout as written); the API
 * takes a configuration. Every change of the configuration makes a new
 * version of the agent; the name and description are details and make none.
 */
import type { FieldProblem } from '../api/errors';
import type { AgentKind, AgentToolFieldsFragment, AgentVersionFieldsFragment, ToolInput } from '../gql/graphql';

export interface ToolFormValues {
  /** Stable for React across reorders; never sent. */
  key: string;
  name: string;
  description: string;
  /** The JSON Schema of the arguments, as JSON text; empty: none declared. */
  parameters: string;
  readOnly: boolean;
  /** A model agent's tool: where a call is executed; empty: "not available here". */
  endpoint: string;
}

export interface AgentFormValues {
  name: string;
  description: string;
  /** Only when creating: visible to the organization unless started private. */
  private: boolean;
  connectionId: string | null;
  model: string | null;
  instructions: string;
  skillIds: string[];
  url: string;
  /** As typed; empty means the API's default (30 seconds). */
  timeoutSeconds: string;
  tools: ToolFormValues[];
}

export interface ModelAgentConfig {
  connectionId: string;
  model: string;
  instructions: string;
  tools: ToolInput[];
  skillIds: string[];
}

export interface WebhookAgentConfig {
  url: string;
  tools: ToolInput[];
  timeoutSeconds: number | null;
}

/** A local agent declares only its tools: its own code answers, wherever it runs. */
export interface LocalAgentConfig {
  tools: ToolInput[];
}

export type AgentConfig = { kind: 'MODEL'; config: ModelAgentConfig } | { kind: 'WEBHOOK'; config: WebhookAgentConfig } | { kind: 'LOCAL'; config: LocalAgentConfig };

/** The same rule the API keeps: what every provider accepts as a tool's name. */
export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
export const TIMEOUT_MIN_SECONDS = 1;
export const TIMEOUT_MAX_SECONDS = 120;

let nextKey = 0;
function toolKey(): string {
  nextKey += 1;
  return `tool-${nextKey}`;
}

export function emptyTool(): ToolFormValues {
  return { key: toolKey(), name: '', description: '', parameters: '', readOnly: false, endpoint: '' };
}

export function emptyAgentForm(): AgentFormValues {
  return { name: '', description: '', private: false, connectionId: null, model: null, instructions: '', skillIds: [], url: '', timeoutSeconds: '', tools: [] };
}

function toolFromVersion(tool: AgentToolFieldsFragment): ToolFormValues {
  return {
    key: toolKey(),
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters == null ? '' : JSON.stringify(tool.parameters, null, 2),
    readOnly: tool.readOnly,
    endpoint: tool.endpoint ?? '',
  };
}

/** The form of an agent as its newest version and details stand. */
export function agentFormFromAgent(agent: { name: string; description: string }, version: AgentVersionFieldsFragment): AgentFormValues {
  return {
    name: agent.name,
    description: agent.description,
    private: false,
    connectionId: version.modelConnection?.id ?? null,
    model: version.model ?? null,
    instructions: version.instructions,
    skillIds: version.skills.visible.map((skill) => skill.id),
    url: version.url ?? '',
    timeoutSeconds: version.timeoutSeconds == null ? '' : String(version.timeoutSeconds),
    tools: version.tools.map(toolFromVersion),
  };
}

function parametersOf(text: string, path: string, problems: FieldProblem[]): unknown {
  if (text.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    problems.push({ path, message: `is not JSON: ${(error as Error).message}` });
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    problems.push({ path, message: 'must be a JSON Schema object, such as {"type": "object", "properties": {…}}' });
    return null;
  }
  return parsed;
}

function toolsOf(kind: AgentKind, tools: readonly ToolFormValues[], problems: FieldProblem[]): ToolInput[] {
  const seen = new Set<string>();
  return tools.map((tool, index) => {
    const at = `tools.${index}`;
    const name = tool.name.trim();
    if (!TOOL_NAME.test(name)) problems.push({ path: `${at}.name`, message: 'must be 1 to 64 letters, digits, _ or -' });
    else if (seen.has(name)) problems.push({ path: `${at}.name`, message: `another tool of this agent is named “${name}”` });
    seen.add(name);
    const endpoint = tool.endpoint.trim();
    return {
      name,
      description: tool.description.trim(),
      parameters: parametersOf(tool.parameters, `${at}.parameters`, problems),
      readOnly: tool.readOnly,
      endpoint: kind === 'MODEL' && endpoint !== '' ? endpoint : null,
    };
  });
}

function timeoutOf(text: string, problems: FieldProblem[]): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < TIMEOUT_MIN_SECONDS || value > TIMEOUT_MAX_SECONDS) {
    problems.push({ path: 'timeoutSeconds', message: `must be from ${TIMEOUT_MIN_SECONDS} to ${TIMEOUT_MAX_SECONDS} seconds` });
    return null;
  }
  return value;
}

/**
 * The configuration to send, or the problems the form can see before sending:
 * a name, a model or an endpoint missing, a tool's name the API would refuse
 * or repeated, arguments that are not a JSON object, a timeout out of bounds.
 * What only the API can judge (a valid JSON Schema, a reachable address) it judges.
 */
export function agentConfigFromForm(kind: AgentKind, values: AgentFormValues): { config: AgentConfig | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  if (values.name.trim() === '') problems.push({ path: 'name', message: 'An agent needs a name.' });
  const tools = toolsOf(kind, values.tools, problems);
  if (kind === 'MODEL') {
    if (values.connectionId === null || values.model === null) problems.push({ path: 'model', message: 'Choose the model the agent answers with.' });
    if (problems.length > 0 || values.connectionId === null || values.model === null) return { config: null, problems };
    return {
      config: { kind, config: { connectionId: values.connectionId, model: values.model, instructions: values.instructions, tools, skillIds: values.skillIds } },
      problems,
    };
  }
  if (kind === 'LOCAL') return { config: problems.length > 0 ? null : { kind, config: { tools } }, problems };
  if (values.url.trim() === '') problems.push({ path: 'url', message: 'A webhook agent needs the https:// address it answers at.' });
  const timeoutSeconds = timeoutOf(values.timeoutSeconds, problems);
  if (problems.length > 0) return { config: null, problems };
  return { config: { kind, config: { url: values.url.trim(), tools, timeoutSeconds } }, problems };
}

/** What decides whether a save makes a new version: the configuration as the form holds it. */
export function configFingerprint(kind: AgentKind, values: AgentFormValues): string {
  const tools = values.tools.map(({ name, description, parameters, readOnly, endpoint }) => [name, description, parameters, readOnly, kind === 'MODEL' ? endpoint : '']);
  if (kind === 'MODEL') return JSON.stringify([values.connectionId, values.model, values.instructions, [...values.skillIds].sort(), tools]);
  if (kind === 'LOCAL') return JSON.stringify([tools]);
  return JSON.stringify([values.url, values.timeoutSeconds, tools]);
}

/** Everything the form holds, for the unsaved-changes guard. */
export function agentFormFingerprint(kind: AgentKind, values: AgentFormValues): string {
  return JSON.stringify([values.name, values.description, values.private, configFingerprint(kind, values)]);
}

/** Whether the name or the description differ from what is saved. */
export function detailsChanged(saved: { name: string; description: string }, values: AgentFormValues): boolean {
  return saved.name !== values.name.trim() || saved.description !== values.description.trim();
}

/** A starting schema for a new tool's arguments, so nobody has to remember the shape. */
export const PARAMETERS_EXAMPLE = JSON.stringify({ type: 'object', properties: { order_id: { type: 'string', description: 'The order to look up' } }, required: ['order_id'] }, null, 2);
