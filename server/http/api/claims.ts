import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@shared/api';
import { formatGbp } from '@shared/money';
import { PHOTO_MAX_BYTES } from '@shared/photos';
import { branchScope } from '../../auth/branch-scope';
import { getCurrentCustomer } from '../../auth/current-customer';
import type { AppServices } from '../../services';
import type { StaffScope } from '../../use-cases/claims/claim-scope';
import { acceptOffer } from '../../use-cases/claims/accept-offer';
import { claimCustomerOfClaim, claimCustomerOfOrder } from '../../use-cases/claims/claim-access';
import { claimFile, customerClaims, waitingClaims } from '../../use-cases/claims/claim-file';
import { addClaimPhoto } from '../../use-cases/claims/claim-photos';
import { claimTableInForce, saveClaimTable } from '../../use-cases/claims/claim-table';
import { answerDispute, disputeClaim } from '../../use-cases/claims/dispute';
import { recordFinding, signOffOffer } from '../../use-cases/claims/find-fault';
import { makeClaim } from '../../use-cases/claims/make-claim';
import { answerSignOff } from '../../use-cases/claims/owner-sign-off';
import {
  checkStuckClaimPayment,
  stuckPaymentMessages,
} from '../../use-cases/claims/check-stuck-payment';
import {
  claimListView,
  claimTableOf,
  claimTableView,
  claimView,
  waitingClaimsView,
} from '../../use-cases/claims/present-claims';
import { photoUrl } from '../../use-cases/photos/photo-url';
import { route } from '../contract-routes';
import { credentialsOf, customerGuard, customerOf, staffGuard, staffOf } from '../identity';

/**
 * Fair claims (issue 34, decision 063): the customer's side (session) and the back office's.
 * Each handler parses, calls one use-case and presents its claim's file.
 */
export function claimRoutes(app: FastifyInstance, services: AppServices) {
  const e = api.claims;
  const a = api.adminClaims;
  const customerOnly = { preHandler: customerGuard(services) };
  const staffOnly = { preHandler: staffGuard(services, ['owner', 'staff']) };
  const ownerOnly = { preHandler: staffGuard(services, ['owner']) };
  const view = async (claimId: number, customerId: string | null, scope?: StaffScope) =>
    claimView(
      services.config.brand,
      await claimFile(services, { claimId, customerId, scope }),
      (await claimTableInForce(services)).table,
      customerId === null ? 'staff' : 'customer',
    );
  // Staff act on their branches' claims (decision 047), the owner on every branch's; the
  // waiting list is filtered as the board is (the owner's picked branch too).
  const scopeOf = async (request: FastifyRequest): Promise<StaffScope> => {
    const staff = staffOf(request);
    return staff.role === 'owner' ? { branchIds: null } : branchScope(services.db, staff);
  };
  /**
   * A decision of the back office's on a claim: its use-case called with who decides and the
   * branches they work in, then the claim's file with what happened said.
   */
  const decide = async (
    request: FastifyRequest,
    claimId: number,
    act: (who: {
      actor: ReturnType<typeof staffOf>;
      claimId: number;
      scope: StaffScope;
    }) => Promise<string>,
  ) => {
    const message = await act({ actor: staffOf(request), claimId, scope: await scopeOf(request) });
    return { status: true as const, message, claim: await view(claimId, null) };
  };

  // A guest acts through the order's intake report link (`t`), as its customer (decision 063).
  const callerOf = async (request: FastifyRequest, token: string | undefined) => ({
    token: token ?? null,
    customerId: (await getCurrentCustomer(services, credentialsOf(request)))?.id ?? null,
  });
  const customerOfClaim = async (request: FastifyRequest, claimId: number, token?: string) =>
    claimCustomerOfClaim(services, { ...(await callerOf(request, token)), claimId });

  route(
    app,
    e.make,
    { invalidMessage: 'Please check your claim.' },
    async ({ params, query, body }, request) => {
      const customerId = await claimCustomerOfOrder(services, {
        ...(await callerOf(request, query.t)),
        orderId: params.id,
      });
      const made = await makeClaim(services, { ...body, customerId, orderId: params.id });
      return {
        status: true,
        message: made.recleanOrderNo
          ? `Thank you: your claim on order ${made.orderNo} is with us. Your free re-clean is order ${made.recleanOrderNo}.`
          : `Thank you: your claim on order ${made.orderNo} is with us.`,
        claim: await view(made.claim.id, customerId),
      };
    },
  );

  route(app, e.list, customerOnly, async (_, request) => ({
    status: true,
    claims: claimListView(await customerClaims(services, { customerId: customerOf(request).id })),
  }));

  route(app, e.get, {}, async ({ params, query }, request) => ({
    status: true,
    claim: await view(params.id, await customerOfClaim(request, params.id, query.t)),
  }));

  route(
    app,
    e.accept,
    { invalidMessage: 'Choose how to be paid.' },
    async ({ params, query, body }, request) => {
      const customerId = await customerOfClaim(request, params.id, query.t);
      const paid = await acceptOffer(services, {
        customerId,
        claimId: params.id,
        method: body.method,
      });
      return {
        status: true,
        message: paid.pending
          ? 'Thank you: your refund is being made. We will e-mail you as soon as it has gone through.'
          : paid.method === 'credit'
            ? 'Thank you: the credit is on your account.'
            : paid.creditPence > 0
              ? `Thank you: ${formatGbp(paid.refundedPence)} is on its way back to your card or PayPal. It refused the other ${formatGbp(paid.creditPence)}, so that is on your account as credit.`
              : 'Thank you: the money is on its way back to your card or PayPal.',
        claim: await view(params.id, customerId),
      };
    },
  );

  route(
    app,
    e.dispute,
    { invalidMessage: 'Please tell us why.' },
    async ({ params, query, body }, request) => {
      const customerId = await customerOfClaim(request, params.id, query.t);
      await disputeClaim(services, { customerId, claimId: params.id, reason: body.reason });
      return {
        status: true,
        message: 'Thank you: the owner has your claim and your reason.',
        claim: await view(params.id, customerId),
      };
    },
  );

  route(app, a.waiting, staffOnly, async (_, request) => ({
    status: true,
    claims: waitingClaimsView(
      services.config.brand,
      await waitingClaims(services, {
        branchIds: (await branchScope(services.db, staffOf(request))).branchIds,
      }),
      services.now(),
    ),
  }));

  route(app, a.get, staffOnly, async ({ params }, request) => ({
    status: true,
    claim: await view(params.id, null, await scopeOf(request)),
  }));

  route(
    app,
    a.finding,
    { ...staffOnly, invalidMessage: 'Please check the finding.' },
    async ({ params, body }, request) =>
      decide(request, params.id, async (who) => {
        const found = await recordFinding(services, { ...body, ...who });
        return found.claim.status === 'sign-off'
          ? 'Finding saved. The offer is above the threshold: it waits for the owner’s sign-off.'
          : found.claim.status === 'offered'
            ? 'Finding saved and the offer made to the customer.'
            : found.claim.status === 'mix-up'
              ? 'Finding saved: a mix-up to put right, and the customer told.'
              : 'Finding saved: the claim is declined and the customer told.';
      }),
  );

  route(app, a.signOff, ownerOnly, async ({ params }, request) =>
    decide(request, params.id, async (who) => {
      await signOffOffer(services, who);
      return 'Signed off: the offer is made to the customer.';
    }),
  );

  route(
    app,
    a.answerSignOff,
    { ...ownerOnly, invalidMessage: 'Please check your answer.' },
    async ({ params, body }, request) =>
      decide(request, params.id, async (who) => {
        await answerSignOff(services, { ...who, answer: body });
        return body.answer === 'amend'
          ? 'The offer is changed and made to the customer.'
          : 'The claim is declined and the customer told.';
      }),
  );

  route(
    app,
    a.checkPayment,
    { ...ownerOnly, invalidMessage: 'Please check your answer.' },
    async ({ params, body }, request) =>
      decide(request, params.id, async (who) => {
        const checked = await checkStuckClaimPayment(services, { ...who, check: body });
        return 'notMade' in checked
          ? stuckPaymentMessages.notMade
          : 'The claim is paid as the provider’s dashboard shows it.';
      }),
  );

  route(
    app,
    a.answerDispute,
    { ...ownerOnly, invalidMessage: 'Please check your answer.' },
    async ({ params, body }, request) =>
      decide(request, params.id, async (who) => {
        await answerDispute(services, { ...who, answer: body });
        return body.answer === 'raise' ? 'The offer is raised.' : 'The dispute is declined.';
      }),
  );

  route(app, a.table, staffOnly, async () => ({
    status: true,
    ...claimTableView(await claimTableInForce(services)),
  }));

  route(
    app,
    a.saveTable,
    { ...ownerOnly, invalidMessage: 'Please check the table.' },
    async ({ body }, request) => {
      const saved = await saveClaimTable(services, {
        actor: staffOf(request),
        table: claimTableOf(body),
      });
      return {
        status: true,
        message: `Table saved as version ${saved.version}.`,
        version: saved.version,
      };
    },
  );
}

/** The customer's photo of a claimed garment, the raw image as the body (decision 025). */
export function claimPhotoRoutes(app: FastifyInstance, services: AppServices) {
  route(
    app,
    api.claims.photo,
    { bodyLimit: PHOTO_MAX_BYTES },
    async ({ params, query, body }, request) => {
      const customerId = await claimCustomerOfClaim(services, {
        token: query.t ?? null,
        customerId: (await getCurrentCustomer(services, credentialsOf(request)))?.id ?? null,
        claimId: params.id,
      });
      const { id } = await addClaimPhoto(services, {
        customerId,
        claimId: params.id,
        claimItemId: params.item,
        role: query.role,
        bytes: Buffer.isBuffer(body) ? body : Buffer.alloc(0),
      });
      return { status: true, photo: { id, url: await photoUrl(services, id) } };
    },
  );
}
