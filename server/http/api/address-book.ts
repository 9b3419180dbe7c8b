import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { addressBookMessages } from '@shared/address-book';
import type { AppServices } from '../../services';
import { bookingChoices } from '../../use-cases/accounts/booking-choices';
import { savedAddressView } from '../../use-cases/accounts/present-address';
import {
  addAddress,
  listAddressBook,
  removeAddress,
  updateAddress,
} from '../../use-cases/accounts/save-address';
import { route } from '../contract-routes';
import { customerGuard, customerOf } from '../identity';

/** /api/account/addresses: the logged-in customer's address book (issue 18, decision 034). */
export function addressBookRoutes(app: FastifyInstance, services: AppServices) {
  const e = api.addressBook;
  const loggedIn = { preHandler: customerGuard(services) };
  const checked = { ...loggedIn, invalidMessage: addressBookMessages.invalid };

  route(app, e.bookingChoices, loggedIn, async ({ query }, request) => {
    const choices = await bookingChoices(services, {
      customerId: customerOf(request).id,
      againId: query.again,
    });
    return { status: true, ...choices };
  });

  route(app, e.listAddresses, loggedIn, async (_, request) => {
    const rows = await listAddressBook(services, { customerId: customerOf(request).id });
    return { status: true, addresses: rows.map(savedAddressView) };
  });

  route(app, e.addAddress, checked, async ({ body }, request) => {
    const row = await addAddress(services, { customerId: customerOf(request).id, entry: body });
    return { status: true, message: addressBookMessages.added, address: savedAddressView(row) };
  });

  route(app, e.updateAddress, checked, async ({ params, body }, request) => {
    const row = await updateAddress(services, {
      customerId: customerOf(request).id,
      addressId: params.id,
      entry: body,
    });
    return { status: true, message: addressBookMessages.updated, address: savedAddressView(row) };
  });

  route(app, e.removeAddress, loggedIn, async ({ params }, request) => {
    await removeAddress(services, { customerId: customerOf(request).id, addressId: params.id });
    return { status: true, message: addressBookMessages.removed };
  });
}
