import { statSync } from 'node:fs';
import type { StorageUsage } from '../../shared/status/types';

const BYTES_PER_GB = 1024 ** 3;

export interface StorageMeasurement {
  bytes: number;
  usage: StorageUsage;
}

/**
 * Measures what the database occupies on disk: the SQLite file plus its write-ahead log (which holds recent commits
 * until a checkpoint folds them in, so it is real space). Keeps the latest figure for GET /api/system/storage.
 */
export class StorageMeter {
  private last: StorageMeasurement | null = null;

  constructor(
    private readonly databasePath: string,
    private readonly allowedGB: number,
  ) {}

  get allowanceGB(): number {
    return this.allowedGB;
  }

  /** Reads the file sizes now. Throws when the database file cannot be read. */
  measure(): StorageMeasurement {
    const bytes =
      this.databasePath === ':memory:'
        ? 0
        : statSync(this.databasePath).size + sizeIfPresent(`${this.databasePath}-wal`);
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
  latest(): StorageUsage {
    return (this.last ?? this.measure()).usage;
  }
}

function sizeIfPresent(path: string): number {
  try {
    return statSync(path).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}
