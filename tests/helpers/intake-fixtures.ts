import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { services as priceList } from '../../server/db/schema';
import type { AppServices } from '../../server/services';
import type { Actor } from '../../server/use-cases/audit/record-audit';
import { recordGarment } from '../../server/use-cases/intake/record-garment';
import { storePhoto } from '../../server/use-cases/photos/store-photo';

/*
 * Garments recorded at intake through the real use-case (`recordGarment`, decision 027): the
 * item is a name from the seeded price list (its price is copied), the order must be open
 * for intake (collected or cleaning), and the order's items are rewritten from its garments.
 */

export type GarmentFixture = {
  tag: string;
  /** A name on the seeded price list, e.g. 'Shirt on hanger'. */
  item: string;
  colour?: string;
  brand?: string;
  damage?: string;
  pockets?: string;
  treatment?: string;
  /** An earlier garment of the same customer: this visit is linked to it. */
  garmentId?: string;
};

/** Records `list` on the order; returns the order_garments rows, in the order given. */
export async function recordGarmentRows(
  deps: Parameters<typeof recordGarment>[0],
  actor: Actor,
  orderId: string,
  list: GarmentFixture[],
) {
  const rows = [];
  for (const g of list) {
    const [item] = await deps.db
      .select({ id: priceList.id })
      .from(priceList)
      .where(eq(priceList.serviceName, g.item))
      .limit(1);
    if (!item) throw new Error(`"${g.item}" is not on the seeded price list.`);
    const { garment } = await recordGarment(deps, {
      actor,
      orderId,
      tagNumber: g.tag,
      garmentId: g.garmentId ?? null,
      serviceId: item.id,
      colour: g.colour ?? '',
      brand: g.brand ?? '',
      treatment: g.treatment ?? '',
      damageNote: g.damage ?? '',
      pocketNote: g.pockets ?? '',
    });
    rows.push(garment);
  }
  return rows;
}

/** A small JPEG of one colour, as a phone's photo of a garment would be after preparation. */
export async function garmentPhotoBytes(colour = '#1e3a8a'): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Photographs a recorded garment through the photos' contract (decision 025). */
export async function photographGarment(
  services: Pick<AppServices, 'db' | 'storage' | 'now'>,
  garment: { id: number; orderId: string },
  kind: 'garment' | 'damage' = 'garment',
  colour?: string,
) {
  return storePhoto(services, {
    orderId: garment.orderId,
    kind,
    bytes: await garmentPhotoBytes(colour),
    staffId: null,
    orderGarmentId: garment.id,
  });
}
