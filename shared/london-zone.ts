/**
 * The shop's time zone: every time people see, every calendar day and every schedule. Its own
 * module without imports, so a page that only formats with Intl does not bring Luxon (the rest
 * of shared/london-time.ts) into the browser with it.
 */
export const LONDON_ZONE = 'Europe/London';
