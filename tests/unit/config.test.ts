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

  it('splits allowed origins', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'http://a.test, http://b.test' }).ALLOWED_ORIGINS).toEqual([
      'http://a.test',
      'http://b.test',
    ]);
  });
});
