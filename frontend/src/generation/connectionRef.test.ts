import { describe, expect, it } from 'vitest';
import { connectionGlobalId, connectionRef } from './connectionRef';

describe("the generator model's connection", () => {
  it('is sent as the database id and read back as the global id', () => {
    expect(connectionRef('TW9kZWxDb25uZWN0aW9uOjE=')).toBe('1');
    expect(connectionGlobalId('1')).toBe('TW9kZWxDb25uZWN0aW9uOjE=');
    expect(connectionGlobalId(connectionRef('TW9kZWxDb25uZWN0aW9uOjQy'))).toBe('TW9kZWxDb25uZWN0aW9uOjQy');
  });

  it('passes on what is no connection id, for the API to refuse', () => {
    expect(connectionRef('RGF0YXNldDox')).toBe('RGF0YXNldDox');
    expect(connectionRef('not base64!')).toBe('not base64!');
  });
});
