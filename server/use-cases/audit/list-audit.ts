import { and, desc, eq, lt } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { auditLog, staffUsers } from '../../db/schema';

/** The owner's view of the audit log, newest first, optionally for one record. */
export async function listAudit(
  deps: Pick<AppServices, 'db'>,
  filter: { entity?: string; entityId?: string; beforeId?: number; limit?: number } = {},
) {
  const rows = await deps.db
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
