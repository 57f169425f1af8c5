import { describe, expect, it } from 'vitest';
import { agentAtVersion, agentsAtVersions, LABEL_SHOWN_MAX, labelShortened, shortLabel, versionLabels, versionName } from './versionLabel';

const SHA1 = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const SHA256 = `${'0123456789abcdef'.repeat(4)}`;

describe('a version label as shown', () => {
  it('shortens a full commit hash as git does, and keeps a short one, a branch or a build as given', () => {
    expect(shortLabel(SHA1)).toBe('a1b2c3d');
    expect(shortLabel(SHA1.toUpperCase())).toBe('A1B2C3D');
    expect(shortLabel(SHA256)).toBe('0123456');
    expect(shortLabel('a1b2c3d')).toBe('a1b2c3d');
    expect(shortLabel(' feature/refunds ')).toBe('feature/refunds');
    expect(shortLabel('my-laptop')).toBe('my-laptop');
    // Forty characters that are not all hexadecimal are not a commit.
    expect(shortLabel(`${SHA1.slice(0, 39)}g`)).toHaveLength(LABEL_SHOWN_MAX);
  });

  it('cuts a long label with an ellipsis, by characters, and says it was shortened', () => {
    const long = `release/${'x'.repeat(60)}`;
    expect(shortLabel(long)).toBe(`${long.slice(0, LABEL_SHOWN_MAX - 1)}…`);
    expect(labelShortened(long)).toBe(true);
    expect(labelShortened(SHA1)).toBe(true);
    expect(labelShortened('main')).toBe(false);
    const rockets = '🚀'.repeat(40);
    expect([...shortLabel(rockets)]).toHaveLength(LABEL_SHOWN_MAX);
  });

  it('names a version by its number and label, as everywhere in the console', () => {
    expect(versionName(3, SHA1)).toBe('v3 · a1b2c3d');
    expect(versionName('3', 'main')).toBe('v3 · main');
    expect(versionName(3, null)).toBe('v3');
    expect(versionName(3, '   ')).toBe('v3');
    expect(agentAtVersion('Local bot', 4, 'a1b2c3d')).toBe('Local bot v4 · a1b2c3d');
    expect(agentsAtVersions([{ agentName: 'Support bot', agentVersion: 2 }, { agentName: 'Local bot', agentVersion: 4, versionLabel: SHA1 }])).toBe('Support bot v2, Local bot v4 · a1b2c3d');
  });
});

describe('the labels of the versions a run answered with', () => {
  const labelOf = versionLabels([
    { agentName: 'Local bot', agentVersion: 4, versionLabel: 'a1b2c3d' },
    { agentName: 'Local bot', agentVersion: 3, versionLabel: 'main' },
    { agentName: 'Support bot', agentVersion: 2, versionLabel: null },
  ]);

  it('are found by agent and version, the version as a score gives it (a string) or a run does (a number)', () => {
    expect(labelOf('Local bot', '4')).toBe('a1b2c3d');
    expect(labelOf('Local bot', 3)).toBe('main');
    expect(labelOf('Support bot', 2)).toBeNull();
    expect(labelOf('Local bot', 5)).toBeNull();
    expect(labelOf(null, 4)).toBeNull();
    expect(labelOf('Local bot', null)).toBeNull();
  });
});

it("says a label naming the version number once", () => {
  expect(versionName(2, 'v2')).toBe('v2');
  expect(versionName(2, 'V2')).toBe('v2');
  expect(versionName(2, 'v1')).toBe('v2 · v1');
});
