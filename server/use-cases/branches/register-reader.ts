import { eq } from 'drizzle-orm';
import { branchMessages } from '@shared/branch-settings';
import { branches } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';

/*
 * The owner pairs a branch's counter reader from the back office (issue 32, decision 053): the
 * pairing code on the reader's screen registers it with Stripe Terminal at the branch's
 * location, and the branch takes cards on it from then on. Audited with the reader replaced.
 */
export async function registerBranchReader(
  deps: Pick<AppServices, 'db' | 'now' | 'payments'>,
  input: { actor: Actor; branchId: number; registrationCode: string },
): Promise<{ readerId: string; branch: string }> {
  const [branch] = await deps.db.select().from(branches).where(eq(branches.id, input.branchId));
  if (!branch) throw new NotFoundError(branchMessages.notFound);
  // Registered first, outside a transaction: a reader paired at Stripe whose save failed is
  // paired again with a new code, and the branch keeps its old reader meanwhile.
  const { readerId } = await deps.payments.reader.registerReader({
    registrationCode: input.registrationCode,
    label: `${branch.name} counter`,
    place: {
      branchId: branch.id,
      name: branch.name,
      line1: branch.addressLine1,
      line2: branch.addressLine2,
      town: branch.town,
      postcode: branch.postcode,
    },
  });
  await deps.db.transaction(async (tx) => {
    await tx.update(branches).set({ terminalReaderId: readerId }).where(eq(branches.id, branch.id));
    await recordAudit(tx, {
      actor: input.actor,
      now: deps.now(),
      action: 'branch.reader-registered',
      entity: 'branch',
      entityId: branch.id,
      before: { readerId: branch.terminalReaderId },
      after: { readerId },
    });
  });
  return { readerId, branch: branch.name };
}
