import { isStorageWarning } from '../../../shared/status/rules';
import type { Probe } from '../probe';

/** Storage: the database and its write-ahead log against STORAGE_LIMIT_GB (limited above 80 %, offline when full). */
export const storageProbe: Probe = {
  service: {
    id: 'storage',
    name: 'Storage',
    category: 'Core platform',
    description: 'Space the database uses on disk against its allowance.',
  },
  async check({ storage }) {
    const { usage } = await storage.measure();
    const percent = (usage.estimatedSizeGB / usage.totalAllowedGB) * 100;
    if (percent >= 100) return { status: 'offline', detail: `database is ${percent.toFixed(1)} % of its allowance` };
    if (isStorageWarning(percent))
      return { status: 'limited', detail: `database is ${percent.toFixed(1)} % of its allowance` };
    return { status: 'online' };
  },
};
