import { describe, expect, it } from 'vitest';
import { runChoiceLabel } from './runChoice';

describe('an earlier run as a choice to compare with', () => {
  it('names its dataset version, each agent at its version with its label, and when it ran', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const run = {
      datasetVersion: 6,
      createdAt: '2026-05-01T10:00:00Z',
      agents: [
        { agentName: 'Support bot', agentVersion: 2, versionLabel: null },
        { agentName: 'Local bot', agentVersion: 3, versionLabel: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678' },
      ],
    };
    expect(runChoiceLabel(run, now)).toBe('Version 6 · Support bot v2, Local bot v3 · a1b2c3d · 2 hours ago');
  });
});
