import { eq } from 'drizzle-orm';
import { normalisePostcode, outwardCode, postcodeDistrict } from '@shared/postcode';
import type { Brand } from '@shared/brand';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import type { DbOrTx } from '../../db/client';
import type { AppServices } from '../../services';
import { areas, areaWaitlist } from '../../db/schema';
import { ValidationError } from '../../errors';

export type Coverage =
  | { served: true; postcode: string; area: { name: string; area_code: string } }
  | { served: false; postcode: string; message: string };

export const INVALID_POSTCODE = 'Please enter a valid UK postcode';

export function notServedMessage(brand: Brand): string {
  return `Sorry, we do not collect from this postcode yet. Please call us on ${brand.phone} and we will see what we can do, or leave your e-mail and we will tell you when we reach your area.`;
}

/** Whether a postcode is in a served area (the booking form's check). */
export async function checkCoverage(
  deps: Pick<AppServices, 'db' | 'config'>,
  input: { postcode: string },
): Promise<Coverage> {
  return coverageOf(deps.db, { postcode: input.postcode, brand: deps.config.brand });
}

/**
 * Whether a postcode is in a served area: its district is one of the areas' outward codes.
 * A step: placing an order runs it inside its transaction.
 */
export async function coverageOf(
  db: DbOrTx,
  input: { postcode: string; brand: Brand },
): Promise<Coverage> {
  const { postcode, brand } = input;
  const normalised = normalisePostcode(postcode);
  if (!normalised)
    throw new ValidationError(
      INVALID_POSTCODE,
      { postcode: [INVALID_POSTCODE] },
      'postcode-invalid',
    );
  const district = postcodeDistrict(outwardCode(normalised)!);
  const [area] = await db
    .select({ name: areas.name, area_code: areas.areaCode })
    .from(areas)
    .where(eq(areas.outwardCode, district))
    .limit(1);
  if (area) return { served: true, postcode: normalised, area };
  return { served: false, postcode: normalised, message: notServedMessage(brand) };
}

/**
 * Keeps an e-mail to tell when an area opens; asking twice is fine and stores it once.
 * Limited per IP.
 */
export async function joinAreaWaitlist(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { email: string; postcode: string; ip: string },
): Promise<void> {
  const { db } = deps;
  await hitRateLimit(db, rateRules.waitlistPerIp, input.ip, deps.now());
  const postcode = normalisePostcode(input.postcode);
  if (!postcode)
    throw new ValidationError(
      INVALID_POSTCODE,
      { postcode: [INVALID_POSTCODE] },
      'postcode-invalid',
    );
  await db
    .insert(areaWaitlist)
    .values({ email: input.email.trim().toLowerCase(), postcode })
    .onConflictDoNothing();
}
