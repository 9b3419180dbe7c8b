/**
 * The shop's time zone: every time people see, every calendar day and every schedule. Its own
 * module without imports, so a page that only formats with Intl does not bring Luxon (the rest
 * of shared/london-time.ts) into the browser with it.
 */
export const LONDON_ZONE = 'Europe/London';

const londonDateFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** "24/11/2026": the London calendar date of an instant, written for people (Intl, no Luxon). */
export function londonDate(instant: Date): string {
  return londonDateFormat.format(instant);
}
