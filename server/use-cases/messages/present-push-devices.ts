import type { StaffPushEvent } from '@shared/push';
import type { DeviceRow } from './push-devices';

/** A device as its owner sees it (the contract's PushDevice): never its endpoint or keys. */
export function pushDeviceView(row: DeviceRow) {
  return {
    id: row.id,
    label: row.label,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A member of staff's device, with the events it is notified of (StaffPushDevice). */
export function staffPushDeviceView(row: DeviceRow) {
  return { ...pushDeviceView(row), events: row.staffEvents as StaffPushEvent[] };
}
