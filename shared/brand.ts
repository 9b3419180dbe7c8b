import { z } from 'zod';

/** Everything that names the business. Another dry cleaner swaps this file (BRAND_FILE). */
export const brandSchema = z.object({
  name: z.string().min(1),
  shortName: z.string().min(1),
  tagline: z.string(),
  establishedYear: z.number().int(),
  awardClaim: z.string(),
  phone: z.string().min(1),
  phoneDisplay: z.string().min(1),
  phoneE164: z.string().regex(/^\+\d{8,15}$/),
  chatNumberE164: z.string().regex(/^\+\d{8,15}$/),
  email: z.email(),
  shopEmail: z.email(),
  siteUrl: z.url(),
  appDiscountPercent: z.number().int().min(0).max(100),
  appStoreUrl: z.url(),
  playStoreUrl: z.url(),
  social: z.object({ facebook: z.url(), instagram: z.url(), x: z.url() }),
  headOffice: z.object({ line1: z.string(), town: z.string(), postcode: z.string() }),
  companyNumber: z.string(),
  vatNumber: z.string(),
  promoImage: z.string(),
  logo: z.string(),
  colours: z.object({
    primary: z.string().regex(/^#[0-9a-f]{6}$/i),
    accent: z.string().regex(/^#[0-9a-f]{6}$/i),
  }),
});

export type Brand = z.infer<typeof brandSchema>;
