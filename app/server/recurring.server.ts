/*
 * What the repeat collections' pages may ask of the server (issue 18, decision 036): the
 * account's plans and set-up, and the announcement's signed-link page.
 * Pages reach the server only through facades like this one (eslint.config.js).
 */
export {
  changeRecurringPlan,
  editRecurringPlan,
  planChangedMessage,
  type PlanChange,
} from '@server/use-cases/recurring/change-plan';
export { createRecurringPlan } from '@server/use-cases/recurring/create-plan';
export {
  getRecurringPlan,
  listRecurringPlans,
  recurringOverview,
} from '@server/use-cases/recurring/list-plans';
export { planOfOrder } from '@server/use-cases/recurring/repeat-orders';
