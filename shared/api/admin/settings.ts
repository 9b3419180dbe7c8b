import { z } from 'zod';
import { text } from '../../text';
import { endpoint, failures, ok } from '../contract';
import { staffOnly } from './common';

/*
 * The owner's settings of the shop's day (issue 31): for now whether collections whose card
 * step was abandoned are flagged on the driver's list or left off it.
 */

export const shopSettingsInput = z.object({
  driver_hides_card_not_saved: z
    .boolean({ error: 'Choose whether to leave these orders off the driver’s list.' })
    .meta({
      description:
        'True: collections whose checkout stopped before a card was saved (pending payment) are left off the driver’s list; false: they are listed, flagged "Card not saved — collect payment details"',
    }),
});

const settingsReply = shopSettingsInput.extend({ status: ok });

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
