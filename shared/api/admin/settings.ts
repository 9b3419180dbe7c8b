import { z } from 'zod';
import { text } from '../../text';
import { endpoint, failures, ok } from '../contract';
import { staffOnly } from './common';

/*
 * The owner's settings of the shop's day (issue 31): whether collections whose card step was
 * abandoned are flagged on the driver's list or left off it; the counter's hand-over rules
 * (issue 32, decision 050), which keep their value when left out of a save.
 */

const counterSettings = {
  counter_unpaid_without_reason: z
    .boolean({ error: 'Choose whether a reason is needed to hand over unpaid.' })
    .meta({
      description:
        'True: a counter ticket with money due may be handed over unpaid without a reason; false (the default): a reason is recorded',
    }),
  counter_collect_elsewhere: z
    .boolean({ error: 'Choose whether tickets may be collected at another branch.' })
    .meta({
      description:
        'True: a counter ticket may be collected at any counter branch; false (the default): only at the branch that raised it',
    }),
};

const driverSettings = {
  driver_hides_card_not_saved: z
    .boolean({ error: 'Choose whether to leave these orders off the driver’s list.' })
    .meta({
      description:
        'True: collections whose checkout stopped before a card was saved (pending payment) are left off the driver’s list; false: they are listed, flagged "Card not saved — collect payment details"',
    }),
};

/** Each setting left out keeps its value. */
export const shopSettingsInput = z.object({
  driver_hides_card_not_saved: driverSettings.driver_hides_card_not_saved.optional(),
  counter_unpaid_without_reason: counterSettings.counter_unpaid_without_reason.optional(),
  counter_collect_elsewhere: counterSettings.counter_collect_elsewhere.optional(),
});

const settingsReply = z.object({ status: ok, ...driverSettings, ...counterSettings });

export const adminSettingsApi = {
  shopSettings: endpoint({
    method: 'GET',
    path: '/api/admin/settings',
    operationId: 'getShopSettings',
    tag: 'Back office',
    summary: 'The owner’s settings of the shop’s day (owner only)',
    auth: staffOnly,
    replies: { 200: settingsReply, ...failures(401, 403) },
  }),
  saveShopSettings: endpoint({
    method: 'PUT',
    path: '/api/admin/settings',
    operationId: 'saveShopSettings',
    tag: 'Back office',
    summary: 'Saves the owner’s settings of the shop’s day (owner only)',
    auth: staffOnly,
    body: shopSettingsInput,
    replies: { 200: settingsReply.extend({ message: text() }), ...failures(401, 403, 422) },
  }),
};
