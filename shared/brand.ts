import { z } from 'zod';
import { text } from './text';

/** Everything that names the business. Another dry cleaner swaps this file (BRAND_FILE). */
export const brandSchema = z.object({
  name: text().min(1),
  shortName: text().min(1),
  tagline: text(),
  establishedYear: z.number().int(),
  awardClaim: text(),
  phone: text().min(1),
  phoneDisplay: text().min(1),
  phoneE164: text().regex(/^\+\d{8,15}$/),
  chatNumberE164: text().regex(/^\+\d{8,15}$/),
  email: z.email(),
  shopEmail: z.email(),
  siteUrl: z.url(),
  appDiscountPercent: z.number().int().min(0).max(100),
  /**
   * A native app's store pages, for the day one exists: null (the default) says there is no
   * store app, and the site offers its installable web app alone (decision 059).
   */
  appStoreUrl: z.url().nullable().default(null),
  playStoreUrl: z.url().nullable().default(null),
  social: z.object({ facebook: z.url(), instagram: z.url(), x: z.url() }),
  headOffice: z.object({ line1: text(), town: text(), postcode: text() }),
  companyNumber: text(),
  vatNumber: text(),
  promoImage: text(),
  logo: text(),
  /** Order numbers are this, a dash and the number (LD-100001): 1 to 6 capital letters. */
  orderPrefix: text().regex(/^[A-Z]{1,6}$/),
  colours: z.object({
    primary: text().regex(/^#[0-9a-f]{6}$/i),
    accent: text().regex(/^#[0-9a-f]{6}$/i),
  }),
});

export type Brand = z.infer<typeof brandSchema>;
