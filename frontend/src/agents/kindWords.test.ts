import { describe, expect, it } from 'vitest';
import { agentNameWithKind, noAgentMessage } from './kindWords';

describe('agentNameWithKind', () => {
  it('says the kind beside the name where kinds are mixed', () => {
    expect(agentNameWithKind('Support bot', 'WEBHOOK')).toBe('Support bot (webhook)');
    expect(agentNameWithKind('Returns desk', 'LOCAL')).toBe('Returns desk (local: your code)');
    expect(agentNameWithKind('Helper', 'MODEL')).toBe('Helper');
  });
  it('never doubles a kind the name says already', () => {
    expect(agentNameWithKind('Support bot (webhook)', 'WEBHOOK')).toBe('Support bot (webhook)');
    expect(agentNameWithKind('Support bot (Webhook) ', 'WEBHOOK')).toBe('Support bot (Webhook) ');
  });
});

describe('noAgentMessage', () => {
  it('says there is none at all rather than that none has the name typed', () => {
    expect(noAgentMessage(0)).toMatch(/^No agent you may run yet/);
    expect(noAgentMessage(3)).toBe('No agent you may run has that name');
  });
});
