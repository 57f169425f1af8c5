import { describe, expect, it } from 'vitest';
import { navigationFor } from './navigation';

const labels = (permissions: string[], mayIssueApiKeys = true) => navigationFor({ permissions, mayIssueApiKeys }).flatMap((group) => group.items.map((item) => item.label));

describe('navigationFor', () => {
  it('shows Personal data only to those who manage the organization', () => {
    expect(labels(['datasets:view', 'organization:manage'])).toContain('Personal data');
    expect(labels(['datasets:view', 'runs:view'])).not.toContain('Personal data');
  });

  it('shows Knowledge to those who may read agents, whose permissions govern knowledge bases', () => {
    expect(labels(['datasets:view', 'agents:view'])).toContain('Knowledge');
    expect(labels(['datasets:view'])).not.toContain('Knowledge');
  });

  it('leaves out a group with nothing left in it', () => {
    expect(navigationFor({ permissions: ['datasets:view'], mayIssueApiKeys: false }).map((group) => group.heading)).not.toContain('Organization');
  });

  it('shows Members and Organization to those who manage it, Model connections to those who manage connections', () => {
    const manager = labels(['datasets:view', 'organization:manage', 'connections:manage']);
    expect(manager).toEqual(expect.arrayContaining(['Members', 'API keys', 'Model connections', 'Organization']));
    const builder = labels(['datasets:view', 'datasets:edit', 'runs:view']);
    expect(builder).toContain('API keys');
    expect(builder).not.toContain('Members');
    expect(builder).not.toContain('Model connections');
    expect(builder).not.toContain('Organization');
  });

  it('shows API keys only to those who may mint them', () => {
    expect(labels(['datasets:view', 'agents:view'], false)).not.toContain('API keys');
  });
});
