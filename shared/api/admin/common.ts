import { z } from 'zod';
import { text } from '../../text';
import { ok } from '../contract';

/*
 * What the back office's endpoint areas share (decision 007): staff sign in apart from
 * customers, and every route checks the role on the server; owner-only routes say so.
 */

/** Who may call a back-office endpoint: a staff session (the handler narrows the role). */
export const staffOnly = ['staff'] as const;
export const byId = z.object({ id: z.uuid({ error: 'We could not find that record.' }) });
export const message = z.object({ status: ok, message: text() });
