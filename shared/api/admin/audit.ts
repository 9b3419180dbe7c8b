import { z } from 'zod';
import { recordId, text } from '../../text';
import { endpoint, failures, ok } from '../contract';
import { staffOnly } from './common';

/*
 * The audit log: who changed what (owner only).
 */

export const adminAuditApi = {
  audit: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    operationId: 'listAudit',
    tag: 'Back office',
    summary: 'Who changed what, newest first (owner only)',
    auth: staffOnly,
    query: z.object({
      entity: text().max(50).optional(),
      entity_id: text().max(100).optional(),
      before: recordId('Not an audit entry.').optional(),
    }),
    replies: {
      200: z.object({
        status: ok,
        entries: z.array(
          z.object({
            id: z.number().int(),
            at: text(),
            action: text(),
            entity: text(),
            entityId: text(),
            before: z.unknown(),
            after: z.unknown(),
            staffName: text().nullable(),
            staffEmail: text().nullable(),
          }),
        ),
      }),
      ...failures(400, 401, 403),
    },
  }),
};
