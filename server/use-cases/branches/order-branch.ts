import { and, asc, eq } from 'drizzle-orm';
import { branchMessages, districtOf } from '@shared/branch-settings';
import type { BranchScope } from '../../auth/branch-scope';
import type { DbOrTx } from '../../db/client';
import { auditLog, branchAreas, branches, orders, staffUsers } from '../../db/schema';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';

/*
 * Which branch processes a collection order (issue 32, decision 047): the branch serving its
 * postcode's district when it is placed, and wherever staff move it afterwards, each move
 * audited and shown in the order's history on its page.
 */

/** The branch serving a postcode's district, or null when none does. A step: (tx, postcode). */
export async function branchForPostcode(tx: DbOrTx, postcode: string): Promise<number | null> {
  const district = districtOf(postcode);
  if (!district) return null;
  const [row] = await tx
    .select({ branchId: branchAreas.branchId })
    .from(branchAreas)
    .where(eq(branchAreas.district, district));
  return row?.branchId ?? null;
}

/** Whether a scope shows an order of a branch (orders without one are everyone's). */
export function inScope(scope: Pick<BranchScope, 'branchIds'>, branchId: number | null): boolean {
  return scope.branchIds === null || branchId === null || scope.branchIds.includes(branchId);
}

/**
 * Moves an order to another branch (owner or staff). Staff move only orders of the branches
 * they work in (403 otherwise); the target is any branch. The move is written to the audit log
 * in its transaction, with the branch before and after.
 */
export async function moveOrderToBranch(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor; scope: Pick<BranchScope, 'branchIds'>; orderId: string; branchId: number },
): Promise<{ branchId: number; name: string }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, branchId: orders.branchId })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update');
    if (!order) throw new NotFoundError('We could not find that order.');
    if (!inScope(input.scope, order.branchId)) throw new ForbiddenError(branchMessages.otherBranch);
    const all = await tx.select({ id: branches.id, name: branches.name }).from(branches);
    const target = all.find((b) => b.id === input.branchId);
    if (!target) {
      throw new ValidationError(branchMessages.notFound, { branch_id: [branchMessages.notFound] });
    }
    if (order.branchId === target.id) {
      const message = branchMessages.sameBranch(target.name);
      throw new ValidationError(message, { branch_id: [message] });
    }
    const from = all.find((b) => b.id === order.branchId) ?? null;
    await tx.update(orders).set({ branchId: target.id }).where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'order.branch',
      entity: 'order',
      entityId: order.id,
      before: { branchId: from?.id ?? null, branch: from?.name ?? null },
      after: { branchId: target.id, branch: target.name },
    });
    return { branchId: target.id, name: target.name };
  });
}

/** An order's branch and its moves, oldest first, for the order page. */
export async function branchOfOrder(db: DbOrTx, order: { id: string; branchId: number | null }) {
  const [branch] = order.branchId
    ? await db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(eq(branches.id, order.branchId))
    : [];
  const moves = await db
    .select({
      at: auditLog.at,
      before: auditLog.before,
      after: auditLog.after,
      by: staffUsers.name,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
    .where(
      and(
        eq(auditLog.entity, 'order'),
        eq(auditLog.entityId, order.id),
        eq(auditLog.action, 'order.branch'),
      ),
    )
    .orderBy(asc(auditLog.id));
  return {
    branch: branch ?? null,
    moves: moves.map((m) => ({
      at: m.at,
      from: (m.before as { branch: string | null } | null)?.branch ?? null,
      to: (m.after as { branch: string } | null)?.branch ?? '',
      by: m.by ?? 'system',
    })),
  };
}
