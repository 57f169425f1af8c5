/** Where an agent's pages live. */
export function agentPath(agentId: string, search = ''): string {
  return `/agents/${encodeURIComponent(agentId)}${search}`;
}

export function editAgentPath(agentId: string): string {
  return `/agents/${encodeURIComponent(agentId)}/edit`;
}
