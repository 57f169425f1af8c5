import { describe, expect, it } from 'vitest';
import { CI_GATE_SCOPES, expiryFrom, KEY_PRESETS, orderedScopes, presetAvailability } from './keyScopes';
import { assignableRoles, reachWord } from './roleWords';

describe('key presets', () => {
  it('holds exactly the five scopes casebook eval needs in the CI gate', () => {
    const gate = KEY_PRESETS.find((preset) => preset.label === 'CI gate');
    expect(gate?.scopes).toEqual(['runs:view', 'datasets:view', 'datasets:run', 'agents:view', 'agents:run']);
    expect(gate?.scopes).toBe(CI_GATE_SCOPES);
  });
  it('names the scopes a preset needs that the issuer does not hold', () => {
    const memberHolds = ['datasets:view', 'datasets:edit', 'datasets:run', 'agents:view', 'agents:edit', 'agents:run'];
    expect(presetAvailability(KEY_PRESETS[0]!, memberHolds)).toEqual({ available: false, missing: ['runs:view'] });
    expect(presetAvailability(KEY_PRESETS[0]!, [...memberHolds, 'runs:view'])).toEqual({ available: true });
  });
  it('orders scopes as the catalog does, once each', () => {
    expect(orderedScopes(['agents:run', 'datasets:view', 'agents:run'])).toEqual(['datasets:view', 'agents:run']);
  });
});

describe('expiryFrom', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('counts days from now', () => {
    expect(expiryFrom('30', now)).toBe('2026-01-31T00:00:00.000Z');
    expect(expiryFrom('365', now)).toBe('2027-01-01T00:00:00.000Z');
  });
  it('is null for a key that never expires, and refuses anything else', () => {
    expect(expiryFrom('never', now)).toBeNull();
    expect(() => expiryFrom('soon', now)).toThrow();
  });
});

describe('roles', () => {
  it('lets only an Owner make another Owner', () => {
    expect(assignableRoles('OWNER')).toContain('OWNER');
    expect(assignableRoles('ADMIN')).not.toContain('OWNER');
    expect(assignableRoles('ADMIN')).toContain('ADMIN');
  });
  it('says a permission not held as a dash', () => {
    expect(reachWord(undefined)).toBe('—');
    expect(reachWord('shared')).toBe('shared');
  });
});

describe('connectionTestWords', () => {
  it('says the latency of an answer, thousands separated', async () => {
    const { connectionTestWords } = await import('./connectionTest');
    expect(connectionTestWords({ model: 'gpt-4o-mini', ok: true, latencyMs: 1234.4 })).toBe('gpt-4o-mini answered in 1,234 ms.');
    expect(connectionTestWords({ model: 'm', ok: false, error: 'the provider refused the key (401)' })).toBe('m did not answer: the provider refused the key (401)');
  });
});
