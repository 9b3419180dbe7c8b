import { desc } from 'drizzle-orm';
import { defaultClaimTable, tableProblem, type ClaimTable } from '@shared/claims/table';
import type { DbOrTx } from '../../db/client';
import { claimTables } from '../../db/schema';
import { ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';

/*
 * The owner's claims table (issue 34, decision 063): versioned rows, never updated. Version 0
 * is the default table shipped with the software, used until the owner saves one.
 */

export type VersionedTable = { version: number; table: ClaimTable };

/** The table in force: the newest saved version, or the default (version 0). */
export async function currentClaimTable(db: DbOrTx): Promise<VersionedTable> {
  const [row] = await db.select().from(claimTables).orderBy(desc(claimTables.version)).limit(1);
  return row ? { version: row.version, table: row.body } : { version: 0, table: defaultClaimTable };
}

/** The table in force, for a handler (called with services). */
export async function claimTableInForce(deps: Pick<AppServices, 'db'>): Promise<VersionedTable> {
  return currentClaimTable(deps.db);
}

/** The owner saves a new version of the table (audited); offers made keep theirs. */
export async function saveClaimTable(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor; table: ClaimTable },
): Promise<VersionedTable> {
  const problem = tableProblem(input.table);
  if (problem) throw new ValidationError(problem, { table: [problem] });
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await currentClaimTable(tx);
    const [row] = await tx
      .insert(claimTables)
      .values({ body: input.table, staffId: input.actor.id, createdAt: now })
      .returning();
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'claims.table-saved',
      entity: 'claim_table',
      entityId: row!.version,
      before: { version: before.version, ...before.table },
      after: { version: row!.version, ...input.table },
    });
    return { version: row!.version, table: row!.body };
  });
}
