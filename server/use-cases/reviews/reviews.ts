import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { orderNumber } from '@shared/order-number';
import { HOME_REVIEWS, averageRating, reviewDisplayName, reviewMessages } from '@shared/reviews';
import { reviewTokenValid } from '../../auth/review-access';
import type { DbOrTx } from '../../db/client';
import { readContent, type ContentSource } from '../../db/content-cache';
import { customers, orders, reviews, staffUsers } from '../../db/schema';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../errors';
import type { AppServices } from '../../services';
import { recordAudit, type Actor } from '../audit/record-audit';

/*
 * Reviews of delivered orders (issue 18, docs/decisions/038). The customer rates a delivered
 * order once (the unique order_id decides), by the signed link of the delivered e-mail or
 * logged in; staff may reply once; nobody edits or removes a review (there is no such verb).
 * A review or a reply raises the content version in its transaction, like a catalogue edit,
 * so the shared pages that show reviews (the home page) are rendered again (decision 011).
 */

export type ReviewRow = typeof reviews.$inferSelect;

/** Who asks: the holder of the e-mailed link (`token`), or the customer logged in. */
export type ReviewCaller = { orderId: string; token?: string | null; customerId?: string | null };

/**
 * The order a caller may review: their own (session) or the link's. Another customer's
 * order, an unknown one and a link that is not good are all "not found" (404), so a link
 * tells nothing about orders it was not made for; no session and no link asks to log in.
 */
async function reviewableOrder(
  db: DbOrTx,
  deps: Pick<AppServices, 'links'>,
  caller: ReviewCaller,
  now: Date,
) {
  if (!caller.customerId && !caller.token) throw new UnauthorizedError();
  const [order] = await db.select().from(orders).where(eq(orders.id, caller.orderId)).limit(1);
  const own = Boolean(order && caller.customerId && order.customerId === caller.customerId);
  if (!order || (!own && !reviewTokenValid(deps, order.id, caller.token, now))) {
    throw new NotFoundError(reviewMessages.notFound);
  }
  return { order, via: own ? ('account' as const) : ('link' as const) };
}

/** What the review page shows: the order, and its review if it has one. */
export async function reviewPage(
  deps: Pick<AppServices, 'db' | 'links' | 'config' | 'now'>,
  caller: ReviewCaller,
) {
  const { order, via } = await reviewableOrder(deps.db, deps, caller, deps.now());
  const [review] = await deps.db.select().from(reviews).where(eq(reviews.orderId, order.id));
  return {
    orderId: order.id,
    orderNo: orderNumber(deps.config.brand, order.orderNo),
    delivered: order.status === 'delivered',
    displayName: reviewDisplayName(order.customerName),
    via,
    review: review ?? null,
  };
}

/** Raises the content version in the caller's transaction (the shared pages show reviews). */
async function raiseContentVersion(tx: DbOrTx) {
  await tx.execute(sql`with raised as (
      update content_version set version = version + 1 where id = 1 returning version
    ) select pg_notify('content_changed', version::text) from raised`);
}

/** The customer's review of a delivered order: once per order (409 after), 1 to 5 stars. */
export async function submitReview(
  deps: Pick<AppServices, 'db' | 'links' | 'config' | 'now'>,
  input: ReviewCaller & { rating: number; body: string },
): Promise<{ review: ReviewRow; orderNo: string }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { order } = await reviewableOrder(tx, deps, input, now);
    if (order.status !== 'delivered') throw new ConflictError(reviewMessages.notDelivered);
    const [review] = await tx
      .insert(reviews)
      .values({
        orderId: order.id,
        customerId: order.customerId,
        rating: input.rating,
        body: input.body,
        displayName: reviewDisplayName(order.customerName),
        createdAt: now,
      })
      .onConflictDoNothing({ target: reviews.orderId })
      .returning();
    if (!review) throw new ConflictError(reviewMessages.already, 'already-done');
    await raiseContentVersion(tx);
    return { review, orderNo: orderNumber(deps.config.brand, order.orderNo) };
  });
}

export type PublicReviews = {
  average: string | null;
  count: number;
  latest: {
    id: number;
    rating: number;
    body: string;
    name: string;
    date: Date;
    reply: string | null;
  }[];
};

/**
 * What the site shows: the average and count of every review, and the latest ones with
 * words. Kept with the content (a review raises its version), so the home page and its
 * cached HTML change with the next review.
 */
export function publicReviews(source: ContentSource, limit = HOME_REVIEWS): Promise<PublicReviews> {
  return readContent(source, `reviews-${limit}`, async (db) => {
    const [totals] = await db
      .select({
        count: sql<number>`count(*)::int`,
        sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
      })
      .from(reviews);
    const rows = await db
      .select()
      .from(reviews)
      .where(sql`${reviews.body} <> ''`)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit);
    const count = totals?.count ?? 0;
    return {
      count,
      average: count ? averageRating([totals!.sum / count]) : null,
      latest: rows.map((r) => ({
        id: r.id,
        rating: r.rating,
        body: r.body,
        name: r.displayName,
        date: r.createdAt,
        reply: r.reply,
      })),
    };
  });
}

/** Every review for the back office, newest first, with its order and the reply's author. */
export async function staffReviews(deps: Pick<AppServices, 'db' | 'config'>) {
  const rows = await deps.db
    .select({
      review: reviews,
      orderNo: orders.orderNo,
      customerEmail: customers.email,
      repliedBy: staffUsers.name,
    })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .leftJoin(customers, eq(customers.id, reviews.customerId))
    .leftJoin(staffUsers, eq(staffUsers.id, reviews.repliedBy))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((r) => ({
    ...r,
    orderNo: orderNumber(deps.config.brand, r.orderNo),
  }));
}

/** A staff member's reply under a review: once (409 after); it is shown on the site. */
export async function replyToReview(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor; reviewId: number; reply: string },
): Promise<ReviewRow> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [replied] = await tx
      .update(reviews)
      .set({ reply: input.reply, repliedAt: now, repliedBy: input.actor.id })
      .where(and(eq(reviews.id, input.reviewId), isNull(reviews.reply)))
      .returning();
    if (!replied) {
      const [exists] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.id, input.reviewId));
      throw exists
        ? new ConflictError(reviewMessages.replied, 'already-done')
        : new NotFoundError('No such review.');
    }
    await recordAudit(tx, {
      actor: input.actor,
      now,
      action: 'review.reply',
      entity: 'review',
      entityId: replied.id,
      after: { reply: input.reply },
    });
    await raiseContentVersion(tx);
    return replied;
  });
}

/**
 * Erasure (account deletion): the customer's reviews keep their rating for the average but
 * lose their words, their name and the reply; the pages that show them are rendered again. A step in the
 * caller's transaction.
 */
export async function eraseReviews(tx: DbOrTx, input: { customerIds: string[] }): Promise<void> {
  if (input.customerIds.length === 0) return;
  const erased = await tx
    .update(reviews)
    // The shop's reply may name them too.
    .set({ body: '', displayName: 'Former customer', customerId: null, reply: null })
    .where(
      or(
        inArray(reviews.customerId, input.customerIds),
        inArray(
          reviews.orderId,
          tx
            .select({ id: orders.id })
            .from(orders)
            .where(inArray(orders.customerId, input.customerIds)),
        ),
      ),
    )
    .returning({ id: reviews.id });
  if (erased.length > 0) await raiseContentVersion(tx);
}
