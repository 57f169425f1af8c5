import { describe, expect, it } from 'vitest';
import { navigationFor } from './navigation';

const labels = (permissions: string[]) => navigationFor(permissions).flatMap((group) => group.items.map((item) => item.label));

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
    expect(navigationFor(['datasets:view']).map((group) => group.heading)).not.toContain('Organization');
  });
});
