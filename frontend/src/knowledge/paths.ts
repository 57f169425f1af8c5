/** Where a knowledge base's page lives. */
export function knowledgeBasePath(baseId: string, search = ''): string {
  return `/knowledge/${encodeURIComponent(baseId)}${search}`;
}
