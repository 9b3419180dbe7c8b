import { z } from 'zod';
import { text } from '../../text';
import { endpoint, failures, money, ok } from '../contract';
import { byId, staffOnly } from './common';

/*
 * Customers found, one customer with their addresses and orders, and their data export.
 */

export const adminCustomersApi = {
  customers: endpoint({
    method: 'GET',
    path: '/api/admin/customers',
    operationId: 'searchCustomers',
    tag: 'Back office',
    summary: 'Customers found by name, e-mail, phone or postcode (from 2 characters)',
    auth: staffOnly,
    query: z.object({ q: text().max(100).default('') }),
    replies: {
      200: z.object({
        status: ok,
        customers: z.array(
          z.object({
            id: z.uuid(),
            name: text(),
            email: text(),
            phone_number: text(),
            guest: z.boolean(),
            created_at: text(),
          }),
        ),
      }),
      ...failures(400, 401, 403),
    },
  }),
  customer: endpoint({
    method: 'GET',
    path: '/api/admin/customers/:id',
    operationId: 'getCustomer',
    tag: 'Back office',
    summary: 'One customer with their addresses and orders',
    auth: staffOnly,
    params: byId,
    replies: {
      200: z.object({
        status: ok,
        customer: z.object({
          id: z.uuid(),
          name: text(),
          email: text(),
          phone_number: text(),
          guest: z.boolean(),
          erased: z.boolean(),
          created_at: text(),
          addresses: z.array(z.object({ id: z.uuid(), full_address: text(), postcode: text() })),
          orders: z.array(
            z.object({
              id: z.uuid(),
              order_no: text(),
              status: text(),
              total: money,
              amount_due: money,
              created_at: text(),
            }),
          ),
        }),
      }),
      ...failures(400, 401, 403, 404),
    },
  }),
  exportCustomer: endpoint({
    method: 'GET',
    path: '/api/admin/customers/:id/export',
    operationId: 'exportCustomer',
    tag: 'Back office',
    summary: 'Everything held about one customer, as a JSON download (a data-access request)',
    auth: staffOnly,
    params: byId,
    replies: { 200: z.record(text(), z.unknown()), ...failures(400, 401, 403, 404) },
  }),
};
