import { desc, eq, and, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, staffUsers } from '../../db/schema';

export type Actor = { id: string; name: string; role: 'owner' | 'staff' };

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
  actor: Actor | null,
  entry: {
    action: string;
    entity: string;
    entityId: string | number;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
  now: Date,
): Promise<void> {
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

/** The owner's view of the audit log, newest first, optionally for one record. */
export async function listAudit(
  db: DbOrTx,
  filter: { entity?: string; entityId?: string; beforeId?: number; limit?: number } = {},
) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      staffName: staffUsers.name,
      staffEmail: staffUsers.email,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
    .where(
      and(
        filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
        filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
        filter.beforeId ? lt(auditLog.id, filter.beforeId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(Math.min(filter.limit ?? 100, 500));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
