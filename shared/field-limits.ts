/**
 * Lengths the forms and the schemas share. Kept apart from the zod schemas (validation.ts):
 * a page that only needs a limit does not load zod.
 */
export const PHONE_MAX_LENGTH = 20;
