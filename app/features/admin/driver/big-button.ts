/** The driver's buttons and links: at least 48 px high, for a thumb on a phone held in one hand. */
export const bigButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-4 text-base font-semibold';
