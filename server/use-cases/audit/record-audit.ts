import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export type Actor = { id: string; name: string; role: 'owner' | 'staff' | 'driver' };

/** JSON-safe copy of a row: dates as ISO strings, secrets left out. */
export function snapshot(row: Record<string, unknown> | null | undefined): unknown {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'passwordHash' || key === 'tokenHash') continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/**
 * Writes who changed what, when, with the record before and after. Called inside the
 * transaction of the change itself, so a change and its audit entry commit together. A null
 * actor is the site's operator working from the command line (npm run admin:unlock).
 */
export async function recordAudit(
  tx: DbOrTx,
  entry: {
    actor: Actor | null;
    /** The caller's instant: the change and its entry carry the same time. */
    now: Date;
    action: string;
    entity: string;
    entityId: string | number;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
): Promise<void> {
  const { actor, now } = entry;
  await tx.insert(auditLog).values({
    staffId: actor?.id ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    at: now,
  });
}
