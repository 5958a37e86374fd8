import { describe, expect, it } from 'vitest';
import { redactSecrets, redactUrlValue } from './redact-secrets.js';

describe('redactSecrets', () => {
  it.each([
    ['redis://app:s3cret@db:6379/0', 'redis://app:***@db:6379/0'],
    ['rediss://:s3cret@db:6380', 'rediss://:***@db:6380'],
    ['redis://s3cret@db', 'redis://***@db'],
    ['redis://db:6379/0?password=s3cret', 'redis://db:6379/0?password=***'],
    ['redis://db:6379/0?db=1&password=s3cret&x=1', 'redis://db:6379/0?db=1&password=***&x=1'],
    ['redis://app:p@ss:w@rd@db:6379', 'redis://app:***@db:6379'],
    ['redis://a%20b:s3cret@[::1]:6379', 'redis://a%20b:***@[::1]:6379'],
    [
      'connect to "redis://u:s3cret@db:1" failed; retry redis://:other@db2',
      'connect to "redis://u:***@db:1" failed; retry redis://:***@db2',
    ],
    ['redis://bad host:s3cret@x', 'redis://bad host:***@x'],
    ['no url here', 'no url here'],
  ])('%s -> %s', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
    expect(redactSecrets(text)).not.toContain('s3cret');
  });
});

describe('redactUrlValue', () => {
  it.each([
    ['user:s3cret@db:6379', 'user:***@db:6379'],
    ['s3cret@db', '***@db'],
    ['http://u:s3cret@db', 'http://u:***@db'],
    ['db:6379?password=s3cret', 'db:6379?password=***'],
    ['localhost:6379', 'localhost:6379'],
  ])('%s -> %s', (value, expected) => {
    expect(redactUrlValue(value)).toBe(expected);
  });
});
