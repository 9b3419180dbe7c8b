import { recurringPauseSchema, recurringSkipSchema } from '@shared/recurring';
import { parseFields } from '~/components/form/form-action.server';
import type { PlanChange } from '~/server/recurring.server';

/** The change a plan's form posted (`intent` and its date), read with the API's schemas. */
export function planChangeOf(fields: Record<string, string>): PlanChange {
  switch (fields.intent) {
    case 'skip':
      return { intent: 'skip', date: parseFields(recurringSkipSchema, fields).date };
    case 'pause':
      return { intent: 'pause', until: parseFields(recurringPauseSchema, fields).until };
    case 'resume':
      return { intent: 'resume' };
    default:
      return { intent: 'stop' };
  }
}
