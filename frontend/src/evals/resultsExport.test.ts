import { describe, expect, it } from 'vitest';
import { resultsDownloadUrl } from './resultsExport';

describe("a run's results download", () => {
  it('lives beside the GraphQL endpoint, the run named safely', () => {
    expect(resultsDownloadUrl('http://127.0.0.1:8000/graphql', 'RXZhbFJ1bjo5', 'csv')).toBe('http://127.0.0.1:8000/downloads/eval-runs/RXZhbFJ1bjo5/results?format=csv');
    expect(resultsDownloadUrl('https://casebook.example.test/api/graphql/', 'a/b', 'jsonl')).toBe('https://casebook.example.test/api/downloads/eval-runs/a%2Fb/results?format=jsonl');
  });
});
