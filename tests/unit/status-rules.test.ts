import { describe, expect, it } from 'vitest';
import { categoryLabelOf, isStorageWarning, overallStatusOf, storagePercent } from '../../src/shared/status/rules';

describe('overall status', () => {
  it('is online only when every service is online', () => {
    expect(overallStatusOf(['online', 'online', 'online'])).toBe('online');
    expect(overallStatusOf(['online', 'limited', 'online'])).toBe('limited');
  });

  it('is offline only when every service is offline; a partial outage is limited', () => {
    expect(overallStatusOf(['offline', 'offline'])).toBe('offline');
    expect(overallStatusOf(['online', 'offline'])).toBe('limited');
    expect(overallStatusOf(['limited', 'offline'])).toBe('limited');
  });

  it('is limited with no services at all (nothing proves the system works)', () => {
    expect(overallStatusOf([])).toBe('limited');
  });
});

describe('category label', () => {
  it('says Operational only when all its services are online', () => {
    expect(categoryLabelOf(['online', 'online'])).toBe('Operational');
    expect(categoryLabelOf(['online', 'limited'])).toBe('Limited');
    expect(categoryLabelOf(['offline'])).toBe('Limited');
    expect(categoryLabelOf([])).toBe('Limited');
  });
});

describe('storage warning', () => {
  it('warns strictly above 80 % of the allowance', () => {
    expect(storagePercent({ estimatedSizeGB: 40, totalAllowedGB: 50, unit: 'GB' })).toBe(80);
    expect(isStorageWarning(80)).toBe(false);
    expect(isStorageWarning(80.01)).toBe(true);
    expect(storagePercent({ estimatedSizeGB: 1, totalAllowedGB: 0, unit: 'GB' })).toBe(0);
  });
});
