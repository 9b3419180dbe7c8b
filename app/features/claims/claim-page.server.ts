import { data, redirect } from 'react-router';
import { claimAcceptInput, claimDisputeInput } from '@shared/claims/input';
import type { AppServices } from '@server/services';
import { formFailure, parseFields } from '~/components/form/form-action.server';
import {
  acceptOffer,
  addClaimPhoto,
  claimFile,
  claimTableInForce,
  claimView,
  disputeClaim,
} from '~/server/claims.server';
import { isRefusal, ValidationError } from '~/server/errors.server';
import { recordIdOf } from './claim-fields';
import { claimPagePath, type ClaimLink } from './claim-paths';

/*
 * The customer's claim page, server side (issue 34): the claim's file (404 for anyone
 * else's), and its forms (`intent`): accept, dispute, a photo; each through the same
 * use-case as the API, answered by a 303 back to the page with what happened, or the
 * refusal in the API's terms.
 */

export async function customerClaim(services: AppServices, customerId: string, claimId: number) {
  try {
    const file = await claimFile(services, { claimId, customerId });
    return claimView(services.config.brand, file, (await claimTableInForce(services)).table);
  } catch (error) {
    if (isRefusal(error)) throw data('Not found', { status: 404 });
    throw error;
  }
}

export async function claimPageAction(
  services: AppServices,
  input: { request: Request; customerId: string; claimId: number; link: ClaimLink | null },
) {
  const form = await input.request.formData();
  const intent = String(form.get('intent') ?? '');
  const link = input.link ?? { orderId: '', token: null };
  const back = (done: string, more: Record<string, string> = {}) =>
    redirect(claimPagePath(link, input.claimId, { done, ...more }), 303);
  try {
    if (intent === 'accept') {
      const body = parseFields(
        claimAcceptInput,
        { method: form.get('method') ?? undefined },
        'Choose how to be paid.',
      );
      const paid = await acceptOffer(services, { ...input, method: body.method });
      // The reply's parts said on the page, as the API's message says them.
      if (paid.pending) return back('refund-pending');
      if (paid.method === 'refund' && paid.creditPence > 0) {
        return back('refund-part', {
          refunded: String(paid.refundedPence),
          credit: String(paid.creditPence),
        });
      }
      return back(paid.method === 'refund' ? 'refund' : 'credit');
    }
    if (intent === 'dispute') {
      const body = parseFields(
        claimDisputeInput,
        { reason: form.get('reason') ?? '' },
        'Please tell us why.',
      );
      await disputeClaim(services, { ...input, reason: body.reason });
      return back('dispute');
    }
    if (intent === 'photo') {
      const file = form.get('photo');
      const role = form.get('role') === 'receipt' ? 'receipt' : 'damage';
      if (!file || typeof file === 'string' || file.size === 0) {
        throw new ValidationError('Choose a photo to add.', { photo: ['Choose a photo to add.'] });
      }
      const item = recordIdOf(form.get('item'));
      if (item === null) {
        throw new ValidationError('Choose the garment.', { item: ['Choose the garment.'] });
      }
      await addClaimPhoto(services, {
        customerId: input.customerId,
        claimId: input.claimId,
        claimItemId: item,
        role,
        bytes: Buffer.from(await file.arrayBuffer()),
      });
      return back('photo');
    }
    throw new ValidationError('Choose what to do.');
  } catch (error) {
    return formFailure(error, { intent });
  }
}
