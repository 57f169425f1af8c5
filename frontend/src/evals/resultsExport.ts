/** Where a run's per-case results download from: beside the GraphQL endpoint, authenticated by the same session cookie. */
export function resultsDownloadUrl(apiUrl: string, runId: string, format: 'csv' | 'jsonl'): string {
  const base = apiUrl.trim().replace(/\/graphql\/?$/, '');
  return `${base}/downloads/eval-runs/${encodeURIComponent(runId)}/results?format=${format}`;
}
