import { z } from 'zod';
import { text } from '../text';
import { carePreferencesSchema, shirtOptions, starchOptions } from '../care-preferences';
import { endpoint, failures, ok } from './contract';

/* The logged-in customer's garment care preferences (issue 18, decision 034). */

export const carePreferencesReply = z
  .object({
    shirts: z.enum(shirtOptions).nullable(),
    starch: z.enum(starchOptions).nullable(),
    no_plastic_covers: z.boolean(),
    return_hangers: z.boolean(),
    detergent_notes: text(),
    handover_notes: text(),
  })
  .meta({ id: 'CarePreferences' });

const session = ['bearer', 'cookie'] as const;

export const carePreferencesApi = {
  carePreferences: endpoint({
    method: 'GET',
    path: '/api/account/care-preferences',
    operationId: 'getCarePreferences',
    tag: 'Accounts',
    summary: 'How the customer likes their garments cared for (shown to the driver and the shop)',
    auth: session,
    replies: {
      200: z.object({ status: ok, preferences: carePreferencesReply }),
      ...failures(401),
    },
  }),
  updateCarePreferences: endpoint({
    method: 'PUT',
    path: '/api/account/care-preferences',
    operationId: 'updateCarePreferences',
    tag: 'Accounts',
    summary: 'Sets all the garment care preferences at once (absent fields: no preference)',
    auth: session,
    body: carePreferencesSchema,
    replies: {
      200: z.object({ status: ok, message: text(), preferences: carePreferencesReply }),
      ...failures(401, 422),
    },
  }),
};
