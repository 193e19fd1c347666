import type { StorageUsage } from '../../shared/status/types';

const BYTES_PER_GB = 1024 ** 3;

export interface StorageMeasurement {
  bytes: number;
  usage: StorageUsage;
}

/**
 * Measures what the database occupies, as the database handle reports it (the SQLite file with its write-ahead log,
 * or PostgreSQL's size of the database). Keeps the latest figure for GET /api/system/storage.
 */
export class StorageMeter {
  private last: StorageMeasurement | null = null;

  constructor(
    private readonly sizeBytes: () => Promise<number>,
    private readonly allowedGB: number,
  ) {}

  get allowanceGB(): number {
    return this.allowedGB;
  }

  /** Measures now. Rejects when the database cannot be measured. */
  async measure(): Promise<StorageMeasurement> {
    const bytes = await this.sizeBytes();
    this.last = {
      bytes,
      usage: {
        // Six decimals keep kilobyte resolution, so a young database does not read as exactly 0.
        estimatedSizeGB: Math.round((bytes / BYTES_PER_GB) * 1e6) / 1e6,
        totalAllowedGB: this.allowedGB,
        unit: 'GB',
      },
    };
    return this.last;
  }

  /** The latest measurement, measuring now if there is none yet. */
  async latest(): Promise<StorageUsage> {
    return (this.last ?? (await this.measure())).usage;
  }
}
