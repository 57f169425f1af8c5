import { describe, expect, it } from 'vitest';
import { evalCommand, missingIdsSentence, shellWord } from './evalCommand';

describe('the casebook eval command a page offers', () => {
  it('fills in the ids it knows and names the others', () => {
    expect(evalCommand({ datasetId: 'RGF0YXNldDox' })).toBe('casebook eval --dataset RGF0YXNldDox --agent AGENT_ID --baseline last');
    expect(evalCommand({ agentId: 'QWdlbnQ6MQ==', localAgent: true })).toBe('casebook eval --dataset DATASET_ID --agent QWdlbnQ6MQ== --task my_agent:answer --baseline last');
    expect(evalCommand({ datasetId: 'RGF0YXNldDox', agentId: 'QWdlbnQ6MQ==', baselineRunId: 'RXZhbFJ1bjoy' })).toBe(
      'casebook eval --dataset RGF0YXNldDox --agent QWdlbnQ6MQ== --baseline RXZhbFJ1bjoy',
    );
  });

  it('says what is still to fill in', () => {
    expect(missingIdsSentence({ datasetId: 'x' })).toBe("Put the agent's id in place of AGENT_ID (each is on its page, beside its name).");
    expect(missingIdsSentence({ datasetId: 'x', agentId: 'y' })).toBeNull();
    expect(missingIdsSentence({ datasetId: 'x', agentId: 'y', localAgent: true })).toBe('Put your own module:function in place of my_agent:answer.');
  });

  it('quotes only what a shell would read otherwise', () => {
    expect(shellWord('QWdlbnQ6MQ==')).toBe('QWdlbnQ6MQ==');
    expect(shellWord("it's")).toBe("'it'\\''s'");
  });
});
