import { describe, expect, it } from 'vitest';
import type { AgentVersionFieldsFragment } from '../gql/graphql';
import { agentConfigFromForm, agentFormFingerprint, agentFormFromAgent, type AgentFormValues, configFingerprint, detailsChanged, emptyAgentForm, emptyTool } from './agentForm';

function modelForm(patch: Partial<AgentFormValues> = {}): AgentFormValues {
  return { ...emptyAgentForm(), name: 'Support bot', connectionId: 'conn-1', model: 'gpt-small', instructions: 'Be **brief**.', ...patch };
}

const version: AgentVersionFieldsFragment = {
  number: 3,
  kind: 'MODEL',
  label: null,
  createdAt: '2025-03-01T10:00:00Z',
  model: 'gpt-small',
  modelConnection: { id: 'conn-1', name: 'Lab' },
  instructions: 'Answer in English.',
  tools: [{ name: 'lookup_order', description: 'Finds an order', parameters: { type: 'object', properties: { id: { type: 'string' } } }, readOnly: true, endpoint: 'https://tools.test/lookup' }],
  skills: { visible: [{ id: 'skill-1', name: 'Tone', description: '' }], hiddenCount: 1 },
  knowledgeBases: { visible: [], hiddenCount: 0 },
  url: null,
  timeoutSeconds: null,
};

describe('agentFormFromAgent', () => {
  it('reads the newest version into the form, a tool’s schema as JSON text', () => {
    const form = agentFormFromAgent({ name: 'Support bot', description: 'Helps' }, version);
    expect(form).toMatchObject({ name: 'Support bot', description: 'Helps', connectionId: 'conn-1', model: 'gpt-small', instructions: 'Answer in English.', skillIds: ['skill-1'] });
    expect(form.tools[0]).toMatchObject({ name: 'lookup_order', readOnly: true, endpoint: 'https://tools.test/lookup' });
    expect(JSON.parse(form.tools[0]?.parameters ?? '')).toEqual(version.tools[0]?.parameters);
  });

  it('gives every tool its own key, so React keeps each one’s inputs apart', () => {
    expect(emptyTool().key).not.toBe(emptyTool().key);
  });
});

describe('agentConfigFromForm', () => {
  it('sends a model agent’s configuration, a tool’s arguments parsed', () => {
    const tool = { ...emptyTool(), name: ' refund ', parameters: '{"type": "object"}', endpoint: ' https://tools.test/refund ' };
    const { config, problems } = agentConfigFromForm('MODEL', modelForm({ tools: [tool], skillIds: ['s'] }));
    expect(problems).toEqual([]);
    expect(config).toEqual({
      kind: 'MODEL',
      config: {
        connectionId: 'conn-1',
        model: 'gpt-small',
        instructions: 'Be **brief**.',
        skillIds: ['s'],
        tools: [{ name: 'refund', description: '', parameters: { type: 'object' }, readOnly: false, endpoint: 'https://tools.test/refund' }],
      },
    });
  });

  it('names each field the API would refuse, before sending', () => {
    const tools = [
      { ...emptyTool(), name: 'look up' },
      { ...emptyTool(), name: 'refund', parameters: '{not json' },
      { ...emptyTool(), name: 'refund', parameters: '[1, 2]' },
    ];
    const { config, problems } = agentConfigFromForm('MODEL', modelForm({ name: '  ', model: null, tools }));
    expect(config).toBeNull();
    expect(problems.map((problem) => problem.path)).toEqual(['name', 'tools.0.name', 'tools.1.parameters', 'tools.2.name', 'tools.2.parameters', 'model']);
    expect(problems.find((problem) => problem.path === 'tools.2.name')?.message).toContain('another tool of this agent is named “refund”');
  });

  it('sends a webhook agent’s endpoint and timeout, and no tool endpoints: it executes its own tools', () => {
    const tool = { ...emptyTool(), name: 'lookup', endpoint: 'https://ignored.test' };
    const { config } = agentConfigFromForm('WEBHOOK', { ...emptyAgentForm(), name: 'Hook', url: ' https://agent.test/answer ', timeoutSeconds: '45', tools: [tool] });
    expect(config).toEqual({
      kind: 'WEBHOOK',
      config: { url: 'https://agent.test/answer', timeoutSeconds: 45, tools: [{ name: 'lookup', description: '', parameters: null, readOnly: false, endpoint: null }] },
    });
  });

  it('sends a local agent’s tools alone: no model, no endpoint, no tool endpoints, its own code executes them', () => {
    const tools = [
      { ...emptyTool(), name: ' lookup_order ', readOnly: true, parameters: '{"type": "object"}', endpoint: 'https://ignored.test' },
      { ...emptyTool(), name: 'issue_refund' },
    ];
    const { config, problems } = agentConfigFromForm('LOCAL', { ...emptyAgentForm(), name: 'Refunds from CI', tools });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      kind: 'LOCAL',
      config: {
        tools: [
          { name: 'lookup_order', description: '', parameters: { type: 'object' }, readOnly: true, endpoint: null },
          { name: 'issue_refund', description: '', parameters: null, readOnly: false, endpoint: null },
        ],
      },
    });
    expect(agentConfigFromForm('LOCAL', { ...emptyAgentForm(), name: 'Bare' }).config).toEqual({ kind: 'LOCAL', config: { tools: [] } });
  });

  it('names a local agent’s missing name and a refused tool, and asks for nothing else', () => {
    const { config, problems } = agentConfigFromForm('LOCAL', { ...emptyAgentForm(), tools: [{ ...emptyTool(), name: 'look up' }] });
    expect(config).toBeNull();
    expect(problems.map((problem) => problem.path)).toEqual(['name', 'tools.0.name']);
  });

  it('leaves an empty timeout to the API’s default and refuses one out of bounds', () => {
    expect(agentConfigFromForm('WEBHOOK', { ...emptyAgentForm(), name: 'Hook', url: 'https://a.test' }).config).toMatchObject({ config: { timeoutSeconds: null } });
    for (const timeout of ['0.5', '121', 'soon']) {
      const { problems } = agentConfigFromForm('WEBHOOK', { ...emptyAgentForm(), name: 'Hook', url: 'https://a.test', timeoutSeconds: timeout });
      expect(problems).toEqual([{ path: 'timeoutSeconds', message: 'must be from 1 to 120 seconds' }]);
    }
    expect(agentConfigFromForm('WEBHOOK', { ...emptyAgentForm(), name: 'Hook' }).problems.map((p) => p.path)).toEqual(['url']);
  });
});

describe('what a save changes', () => {
  it('makes a version only when the configuration changed, not the name', () => {
    const saved = modelForm();
    expect(configFingerprint('MODEL', { ...saved, name: 'Renamed', description: 'New words' })).toBe(configFingerprint('MODEL', saved));
    expect(configFingerprint('MODEL', { ...saved, instructions: 'Be long.' })).not.toBe(configFingerprint('MODEL', saved));
    expect(configFingerprint('MODEL', { ...saved, tools: [{ ...emptyTool(), name: 'x', readOnly: true }] })).not.toBe(
      configFingerprint('MODEL', { ...saved, tools: [{ ...emptyTool(), name: 'x', readOnly: false }] }),
    );
    // The same skills in another order are the same configuration.
    expect(configFingerprint('MODEL', { ...saved, skillIds: ['a', 'b'] })).toBe(configFingerprint('MODEL', { ...saved, skillIds: ['b', 'a'] }));
  });

  it('makes a local agent’s version from its tools and their read-only flags alone', () => {
    const saved = { ...emptyAgentForm(), name: 'Local', tools: [{ ...emptyTool(), name: 'x' }] };
    expect(configFingerprint('LOCAL', { ...saved, url: 'https://a.test', model: 'm', instructions: 'i' })).toBe(configFingerprint('LOCAL', saved));
    expect(configFingerprint('LOCAL', { ...saved, tools: [{ ...emptyTool(), name: 'x', readOnly: true }] })).not.toBe(configFingerprint('LOCAL', saved));
    expect(configFingerprint('LOCAL', { ...saved, tools: [] })).not.toBe(configFingerprint('LOCAL', saved));
  });

  it('counts a renamed agent as unsaved, and its details as changed', () => {
    const saved = modelForm();
    expect(agentFormFingerprint('MODEL', { ...saved, name: 'Renamed' })).not.toBe(agentFormFingerprint('MODEL', saved));
    expect(detailsChanged({ name: 'Support bot', description: '' }, { ...saved, name: ' Support bot ' })).toBe(false);
    expect(detailsChanged({ name: 'Support bot', description: '' }, { ...saved, description: 'Helps' })).toBe(true);
  });

  it('ignores a tool’s React key', () => {
    const a = modelForm({ tools: [{ ...emptyTool(), name: 'x' }] });
    const b = modelForm({ tools: [{ ...emptyTool(), name: 'x' }] });
    expect(agentFormFingerprint('MODEL', a)).toBe(agentFormFingerprint('MODEL', b));
  });
});
