import type { Brand } from '@shared/brand';
import { claimStatusLabels } from '@shared/claims/claim';
import { consumerRightsSentence, creditWithBonus, explainOffer } from '@shared/claims/offer';
import type { ClaimTable, GarmentCategory } from '@shared/claims/table';
import { londonDateTime } from '@shared/claims/window';
import { formatPence, parsePounds } from '@shared/money';
import { orderNumber } from '@shared/order-number';
import type { claims, orders } from '../../db/schema';
import type { ClaimFile } from './claim-file';
import type { VersionedTable } from './claim-table';

/*
 * A claim as the contract's Claim (issue 34): money as '12.50', the offer's numbers in plain
 * words, the answer time for people. The customer and staff see the same file.
 */

const HOUR = 60 * 60 * 1000;

/** Who reads the file: the customer does not see an offer until the owner has signed it off. */
export type ClaimAudience = 'customer' | 'staff';

/**
 * `_table` is no longer read: an offer's credit bonus is its own (decision 063), not the table
 * in force's; the parameter stays so that callers need not change. An offer waiting for the
 * owner's sign-off is no offer yet for the customer (null: the status says the owner checks it).
 */
export function claimView(
  brand: Brand,
  file: ClaimFile,
  _table?: ClaimTable,
  audience: ClaimAudience = 'customer',
) {
  const { claim, payment } = file;
  const waitsForOwner = file.offer?.needsSignOff === true && file.offer.signedOffAt === null;
  const offer = audience === 'customer' && waitsForOwner ? null : file.offer;
  return {
    id: claim.id,
    order_id: claim.orderId,
    order_no: orderNumber(brand, file.order.orderNo),
    status: claim.status,
    status_label: claimStatusLabels[claim.status],
    note: claim.note,
    made_at: claim.madeAt.toISOString(),
    answer_due_at: claim.answerDueAt.toISOString(),
    answer_due_display: londonDateTime(claim.answerDueAt),
    declined_reason: claim.declinedReason,
    items: file.items.map(({ item, garment, photos, receipt, reclean }) => ({
      id: item.id,
      order_garment_id: garment.id,
      garment: `Tag ${garment.tagNumber} · ${garment.itemName}`,
      kind: item.kind,
      damage_kind: item.damageKind,
      category: item.category,
      age_months: item.ageMonths,
      replacement_cost: item.statedCostPence === null ? null : formatPence(item.statedCostPence),
      condition: item.condition,
      condition_reason: item.conditionReason,
      cleaning_charge: formatPence(item.cleaningChargePence),
      note: item.note,
      fault: item.fault,
      photos,
      receipt,
      reclean_order_no: reclean ? orderNumber(brand, reclean.orderNo) : null,
    })),
    offer: offer
      ? {
          id: offer.id,
          total: formatPence(offer.totalPence),
          table_version: offer.tableVersion,
          needs_sign_off: offer.needsSignOff,
          signed_off_at: offer.signedOffAt?.toISOString() ?? null,
          raised_reason: offer.reason,
          credit_with_bonus: formatPence(creditWithBonus(offer.totalPence, offer)),
          lines: offer.lines.map((l) => ({
            claim_item_id: l.claimItemId,
            garment: l.garment,
            category: l.category,
            life_months: l.lifeMonths,
            age_months: l.ageMonths,
            band_up_to_months: l.bandUpToMonths,
            condition: l.condition,
            percent: l.percent,
            replacement_cost: formatPence(l.replacementCostPence),
            cost_basis: l.costBasis,
            value: formatPence(l.valuePence),
            cleaning_charge: formatPence(l.cleaningChargePence),
            total: formatPence(l.totalPence),
            in_words: explainOffer(l),
          })),
          consumer_rights: consumerRightsSentence,
        }
      : null,
    payment: payment
      ? {
          method: payment.method,
          paid: formatPence(payment.paidPence),
          status: payment.status,
          paid_at: payment.paidAt?.toISOString() ?? null,
          refund_parts: (payment.refundPlan ?? []).map((part) => ({
            amount: formatPence(part.amountPence),
            outcome: part.outcome?.status ?? null,
          })),
        }
      : null,
    disputes: file.disputes.map((d) => ({
      reason: d.reason,
      made_at: d.madeAt.toISOString(),
      answer: d.answer,
      answer_reason: d.answerReason,
    })),
    evidence: {
      garments: file.evidence.garments.map(({ garment: g, recordedBy, photos, scans }) => ({
        order_garment_id: g.id,
        tag_number: g.tagNumber,
        item_name: g.itemName,
        colour: g.colour,
        brand: g.brand,
        damage_note: g.damageNote,
        pocket_note: g.pocketNote,
        recorded_at: g.createdAt.toISOString(),
        recorded_by: recordedBy,
        photos,
        scans: scans.map((s) => ({ what: s.what, at: s.at.toISOString(), by: s.by })),
      })),
      stops: file.evidence.stops.map(({ stop: s, by, photo }) => ({
        leg: s.leg,
        outcome: s.outcome,
        at: s.at.toISOString(),
        by,
        bags: s.bags,
        seal_numbers: s.sealNumbers,
        left_with: s.leftWith,
        note: s.note,
        photo,
      })),
      moves: file.evidence.moves.map((m) => ({
        from: m.fromStatus,
        to: m.toStatus,
        by: m.actor,
        at: m.at.toISOString(),
      })),
    },
  };
}

export function claimListView(rows: (typeof claims.$inferSelect)[]) {
  return rows.map((c) => ({
    id: c.id,
    order_id: c.orderId,
    status: c.status,
    status_label: claimStatusLabels[c.status],
    made_at: c.madeAt.toISOString(),
  }));
}

export function waitingClaimsView(
  brand: Brand,
  rows: { claim: typeof claims.$inferSelect; orderNo: (typeof orders.$inferSelect)['orderNo'] }[],
  now: Date,
) {
  return rows.map(({ claim, orderNo }) => ({
    id: claim.id,
    order_no: orderNumber(brand, orderNo),
    status: claim.status,
    made_at: claim.madeAt.toISOString(),
    age_hours: Math.floor((now.getTime() - claim.madeAt.getTime()) / HOUR),
    answer_due_at: claim.answerDueAt.toISOString(),
    overdue: now.getTime() > claim.answerDueAt.getTime(),
  }));
}

/** The table as the contract has it (money as '12.50'), and back. */
export function claimTableView({ version, table }: VersionedTable) {
  return {
    version,
    table: {
      categories: Object.fromEntries(
        Object.entries(table.categories).map(([k, r]) => [
          k,
          { life_months: r.lifeMonths, ceiling: formatPence(r.ceilingPence) },
        ]),
      ) as Record<GarmentCategory, { life_months: number; ceiling: string }>,
      bands: table.bands.map((b) => ({
        up_to_percent_of_life: b.upToPercentOfLife,
        percent: b.percent,
      })),
      sign_off_above: formatPence(table.settings.signOffAbovePence),
      missing_window_hours: table.settings.missingWindowHours,
      damage_window_hours: table.settings.damageWindowHours,
      credit_bonus_percent: table.settings.creditBonusPercent,
      answer_within_hours: table.settings.answerWithinHours,
    },
  };
}

type TableBody = ReturnType<typeof claimTableView>['table'];

/** The contract's table back to pence (an amount that is not one reads -1: refused on save). */
export function claimTableOf(body: TableBody): ClaimTable {
  const pence = (value: string) => parsePounds(value) ?? -1;
  return {
    categories: Object.fromEntries(
      Object.entries(body.categories).map(([k, r]) => [
        k,
        { lifeMonths: r.life_months, ceilingPence: pence(r.ceiling) },
      ]),
    ) as ClaimTable['categories'],
    bands: body.bands.map((b) => ({
      upToPercentOfLife: b.up_to_percent_of_life,
      percent: b.percent as ClaimTable['bands'][number]['percent'],
    })),
    settings: {
      signOffAbovePence: pence(body.sign_off_above),
      missingWindowHours: body.missing_window_hours,
      damageWindowHours: body.damage_window_hours,
      creditBonusPercent: body.credit_bonus_percent,
      answerWithinHours: body.answer_within_hours,
    },
  };
}
