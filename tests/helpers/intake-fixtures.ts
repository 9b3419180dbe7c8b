import sharp from 'sharp';
import type { DbOrTx } from '../../server/db/client';
import { garments, orderGarments } from '../../server/db/schema';
import type { AppServices } from '../../server/services';
import { storePhoto } from '../../server/use-cases/photos/store-photo';

/*
 * Garments recorded at intake, written straight to the tables as the schema describes them
 * (a `garments` row per new garment, an `order_garments` row per garment of the order). The
 * intake use-cases (server/use-cases/intake/) record them in the shop; these tests of the
 * report and its cases only need the rows. After both are merged this can call them instead.
 */

export type GarmentFixture = {
  tag: string;
  item: string;
  colour?: string;
  brand?: string;
  damage?: string;
  pockets?: string;
  treatment?: string;
  pricePence?: number;
  /** An earlier garment of the same customer: this visit is linked to it. */
  garmentId?: string;
};

/** Records `list` on the order; returns the order_garments rows, in the order given. */
export async function recordGarmentRows(
  db: DbOrTx,
  order: { id: string; customerId: string | null },
  list: GarmentFixture[],
) {
  const rows = [];
  for (const g of list) {
    const garmentId =
      g.garmentId ??
      (await db.insert(garments).values({ customerId: order.customerId }).returning())[0]!.id;
    const [row] = await db
      .insert(orderGarments)
      .values({
        orderId: order.id,
        garmentId,
        tagNumber: g.tag,
        itemName: g.item,
        unitPricePence: g.pricePence ?? 450,
        colour: g.colour ?? '',
        brand: g.brand ?? '',
        treatment: g.treatment ?? '',
        damageNote: g.damage ?? '',
        pocketNote: g.pockets ?? '',
      })
      .returning();
    rows.push(row!);
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
