import type { Probe } from '../probe';
import { aiEngineProbe } from './aiEngine';
import { databaseProbe } from './database';
import { mailProbe } from './mail';
import { marketDataProbe } from './marketData';
import { realtimeProbe } from './realtime';
import { storageProbe } from './storage';

/**
 * Every probe the status page runs, in the order the page lists services. Adding a service: one file in this folder
 * exporting a Probe, and one entry here. Its id is stored with every check, so keep it stable.
 */
export const PROBES: readonly Probe[] = [
  databaseProbe,
  storageProbe,
  marketDataProbe,
  realtimeProbe,
  aiEngineProbe,
  mailProbe,
];
