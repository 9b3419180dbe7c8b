import type { AppServices } from '@server/services';
import { staffClaimList, staffClaimListView } from '~/server/claims.server';

/** The claims waiting on the shop in the caller's branches, oldest first (issue 34). */
export async function waitingClaimsOf(services: AppServices, branchIds: number[] | null) {
  return staffClaimListView(
    services.config.brand,
    await staffClaimList(services, { branchIds }),
    services.now(),
  );
}
