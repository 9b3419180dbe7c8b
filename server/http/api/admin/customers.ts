import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../../services';
import {
  customerDetail,
  exportCustomer,
  searchCustomers,
} from '../../../use-cases/admin/customers';
import { customerDetailView } from '../../../use-cases/orders/present-order-for-staff';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/** Customers found, one customer with their addresses and orders, and their data export. */
export function adminCustomerRoutes(app: FastifyInstance, services: AppServices) {
  const staffOnly = { preHandler: staffGuard(services) };
  const e = api.admin;

  route(app, e.customers, staffOnly, async ({ query }) => ({
    status: true,
    customers: await searchCustomers(services, { query: query.q }),
  }));
  route(app, e.customer, staffOnly, async ({ params }) => ({
    status: true,
    customer: customerDetailView(
      services.config.brand,
      await customerDetail(services, { id: params.id }),
    ),
  }));
  route(app, e.exportCustomer, staffOnly, async ({ params }, request, reply) => {
    const data = await exportCustomer(services, { actor: staffOf(request), id: params.id });
    reply.header('Content-Disposition', `attachment; filename="customer-${params.id}.json"`);
    return data;
  });
}
