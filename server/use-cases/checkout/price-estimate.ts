import { inArray } from 'drizzle-orm';
import type { EstimateInput } from '@shared/checkout';
import { estimateOrder, type StoredEstimate } from '@shared/estimate';
import { capMessages } from '@shared/estimate';
import type { DbOrTx } from '../../db/client';
import { services } from '../../db/schema';
import { ValidationError } from '../../errors';

export type PricedEstimate = {
  /** What orders.estimate keeps; null when the customer said nothing. */
  estimate: StoredEstimate | null;
  estimatePence: number | null;
  priceCapPence: number;
};

/**
 * A step of placing an order (issue 15, decision 022): the customer's items priced from the
 * price list as it is in the caller's transaction (a total from the client is never read),
 * the estimate with the minimum order (shared/estimate.ts), and the cap: the customer's, or
 * the default for that estimate. An item not on the price list is refused on its field.
 */
export async function priceEstimate(
  tx: DbOrTx,
  input: { estimate?: EstimateInput; priceCapPence?: number },
): Promise<PricedEstimate> {
  const stated = input.estimate;
  const ids = [...new Set(stated?.items.map((i) => i.service_id) ?? [])];
  const listed = ids.length
    ? await tx
        .select({ id: services.id, name: services.serviceName, pence: services.pricePence })
        .from(services)
        .where(inArray(services.id, ids))
    : [];
  const byId = new Map(listed.map((s) => [s.id, s]));
  const errors: Record<string, string[]> = {};
  stated?.items.forEach((item, index) => {
    if (!byId.has(item.service_id)) {
      errors[`estimate.items.${index}.service_id`] = [capMessages.unknownService];
    }
  });
  if (Object.keys(errors).length > 0) {
    throw new ValidationError('Please check mandatory fields.', errors);
  }
  const lines = (stated?.items ?? []).map((item) => {
    const service = byId.get(item.service_id)!;
    return {
      serviceId: service.id,
      name: service.name,
      quantity: item.quantity,
      unitPricePence: service.pence,
    };
  });
  const priced = estimateOrder({ lines, notSure: stated?.not_sure ?? false });
  return {
    estimate:
      stated && (stated.not_sure || lines.length > 0)
        ? { items: stated.not_sure ? [] : lines, notSure: stated.not_sure }
        : null,
    estimatePence: priced.totalPence,
    priceCapPence: input.priceCapPence ?? priced.defaultCapPence,
  };
}
