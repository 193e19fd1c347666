import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('loadConfig', () => {
  it('has working defaults on a fresh machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_PATH).toBe('./data/tickwise.db');
    expect(config.MARKET_DATA).toBe('simulated');
    expect(config.OPENAI_BASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', OPENAI_BASE_URL: '' }).PORT).toBe(3000);
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'abc', MARKET_DATA: 'bloomberg', APP_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('MARKET_DATA');
      expect(message).toContain('APP_SECRET must be at least 32 characters');
    }
  });

  it('reads DATABASE_POOL_SIZE: 10 connections by default, a whole number from 1 to 1000, a clear message otherwise', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
    expect(loadConfig({ DATABASE_POOL_SIZE: ' 3 ' }).DATABASE_POOL_SIZE).toBe(3);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'ten' })).toThrow(
      /DATABASE_POOL_SIZE: must be a whole number of connections, e.g. 10/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '2.5' })).toThrow(/DATABASE_POOL_SIZE: must be a whole number/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE: must be at least 1 connection/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '5000' })).toThrow(/DATABASE_POOL_SIZE: must be at most 1000/);
  });

  it('splits allowed origins', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'http://a.test, http://b.test' }).ALLOWED_ORIGINS).toEqual([
      'http://a.test',
      'http://b.test',
    ]);
  });

  it('reads the status and metrics settings, with a 50 GB storage allowance and a 60 s probe loop by default', () => {
    const defaults = loadConfig({});
    expect(defaults.STORAGE_LIMIT_GB).toBe(50);
    expect(defaults.STATUS_PROBE_INTERVAL_MS).toBe(60_000);
    expect(defaults.STATUS_DATABASE_SLOW_MS).toBe(500);
    expect(defaults.METRICS_TOKEN).toBeUndefined();
    expect(
      loadConfig({ STORAGE_LIMIT_GB: '2.5', STATUS_PROBE_INTERVAL_MS: '0', STATUS_DATABASE_SLOW_MS: '1500' }),
    ).toMatchObject({ STORAGE_LIMIT_GB: 2.5, STATUS_PROBE_INTERVAL_MS: 0, STATUS_DATABASE_SLOW_MS: 1500 });
    expect(() => loadConfig({ STORAGE_LIMIT_GB: '0' })).toThrow(/STORAGE_LIMIT_GB must be more than 0/);
    expect(() => loadConfig({ STORAGE_LIMIT_GB: 'lots' })).toThrow(/STORAGE_LIMIT_GB/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it('reads the delivery settings: a VAPID pair (both or neither), the push subject, allowed hosts, SMTP', () => {
    const publicKey = `B${'a'.repeat(86)}`;
    const privateKey = 'k'.repeat(43);
    expect(loadConfig({}).WEB_PUSH_ALLOW_HOSTS).toEqual([]);
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(
      loadConfig({
        WEB_PUSH_VAPID_PUBLIC_KEY: publicKey,
        WEB_PUSH_VAPID_PRIVATE_KEY: privateKey,
        WEB_PUSH_SUBJECT: 'mailto:ops@tickwise.example',
        WEB_PUSH_ALLOW_HOSTS: '127.0.0.1, Push.Local',
        SMTP_URL: 'smtps://user:secret@mail.example:465',
      }),
    ).toMatchObject({
      WEB_PUSH_ALLOW_HOSTS: ['127.0.0.1', 'push.local'],
      SMTP_URL: 'smtps://user:secret@mail.example:465',
    });
    expect(() => loadConfig({ WEB_PUSH_VAPID_PUBLIC_KEY: publicKey })).toThrow(/set both \(one key pair\) or neither/);
    expect(() => loadConfig({ WEB_PUSH_VAPID_PRIVATE_KEY: 'short' })).toThrow(/WEB_PUSH_VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ WEB_PUSH_SUBJECT: 'http://tickwise.example' })).toThrow(/mailto: address or an https/);
    // The message names the variable without repeating its value (it may hold a password).
    expect(() => loadConfig({ SMTP_URL: 'mail.example:25' })).toThrow(/SMTP_URL: must be an smtp:\/\//);
    try {
      loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example' });
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });
});
