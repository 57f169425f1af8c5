import { describe, expect, it } from 'vitest';
import { localEvalCommand, resumeCommand, shellWord } from './localCommands';

describe('the command lines that answer a local agent', () => {
  it('start a run of the agent, its id filled in and the dataset left to fill', () => {
    expect(localEvalCommand({ agentId: 'QWdlbnQ6Nw==' })).toBe('casebook eval --dataset <DATASET_ID> --agent QWdlbnQ6Nw== --task mypkg.agent:answer');
    expect(localEvalCommand({ agentId: 'QWdlbnQ6Nw==', datasetId: 'RGF0YXNldDox' })).toBe('casebook eval --dataset RGF0YXNldDox --agent QWdlbnQ6Nw== --task mypkg.agent:answer');
  });

  it('answer with a command in any language, quoted for the shell', () => {
    expect(localEvalCommand({ agentId: 'A1', answerer: { exec: 'node agent.js' } })).toBe("casebook eval --dataset <DATASET_ID> --agent A1 --exec 'node agent.js'");
  });

  it('name the API the console talks to, without the /graphql the CLI adds itself', () => {
    expect(localEvalCommand({ agentId: 'A1', apiUrl: 'https://casebook.example.test/graphql' })).toBe(
      'casebook eval --dataset <DATASET_ID> --agent A1 --task mypkg.agent:answer --url https://casebook.example.test',
    );
    expect(resumeCommand({ runId: 'RXZhbFJ1bjo5', apiUrl: 'http://127.0.0.1:8000/api/graphql/' })).toBe('casebook eval --resume RXZhbFJ1bjo5 --task mypkg.agent:answer --url http://127.0.0.1:8000/api');
  });

  it('resume a run by its id, as a client that takes over does', () => {
    expect(resumeCommand({ runId: 'RXZhbFJ1bjo5' })).toBe('casebook eval --resume RXZhbFJ1bjo5 --task mypkg.agent:answer');
    expect(resumeCommand({ runId: 'RXZhbFJ1bjo5', answerer: { task: 'agents.refunds:reply' } })).toBe('casebook eval --resume RXZhbFJ1bjo5 --task agents.refunds:reply');
  });
});

describe('a shell word', () => {
  it('stays bare when the shell reads it unchanged, and is single-quoted otherwise', () => {
    expect(shellWord('QWdlbnQ6Nw==')).toBe('QWdlbnQ6Nw==');
    expect(shellWord('<DATASET_ID>')).toBe('<DATASET_ID>');
    expect(shellWord('node agent.js')).toBe("'node agent.js'");
    expect(shellWord('$(rm -rf ~)')).toBe("'$(rm -rf ~)'");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord('<a>;b')).toBe("'<a>;b'");
    expect(shellWord('')).toBe("''");
  });
});
