import type { Bus } from '../../realtime/bus';

/** Ids per `alerts.changed` event: 500 ids keep the NOTIFY payload far under PostgreSQL's 8,000 bytes. */
const IDS_PER_EVENT = 500;

/** Tells every instance's alert index to read these alerts again (created, edited, deleted, fired, expired). */
export function publishAlertChanges(bus: Bus, ids: readonly number[]): void {
  for (let i = 0; i < ids.length; i += IDS_PER_EVENT)
    bus.publish('alerts.changed', { ids: ids.slice(i, i + IDS_PER_EVENT) });
}
