/*
 * The texts' quiet hours (issue 17, docs/decisions/031): no texts at night, London time. The
 * rule that holds a text (server/use-cases/messages/text-rules.ts) and the pages that promise
 * it read the same hours.
 */

/** No texts from 21:00 … */
export const QUIET_FROM_HOUR = 21;
/** … until 08:00, London time. */
export const QUIET_UNTIL_HOUR = 8;

/** 8 → "08:00": an hour of the day on the clock. */
export function clockHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** "No texts between 21:00 and 08:00", as the pages that offer texts say it. */
export const noTextsAtNight = `No texts between ${clockHour(QUIET_FROM_HOUR)} and ${clockHour(QUIET_UNTIL_HOUR)}`;
