import { redirect } from 'react-router';
import { addressBookEntrySchema, addressBookMessages } from '@shared/address-book';
import { getCurrentCustomer } from '~/server/accounts.server';
import {
  addAddress,
  listAddressBook,
  removeAddress,
  savedAddressView,
  updateAddress,
} from '~/server/address-book.server';
import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { AccountFrame } from '~/features/account/account-frame';
import {
  AddressBookNotice,
  AddressForm,
  AddressList,
  emptyAddressForm,
  type AddressFormValues,
} from '~/features/account/address-book';
import type { Route } from './+types/account-addresses';
import { loginHref } from '~/utils/redirect-to';

/* /account/addresses: the customer's address book (issue 18, decision 034). Logged in only. */

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Your addresses | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

const done = {
  added: addressBookMessages.added,
  updated: addressBookMessages.updated,
  removed: addressBookMessages.removed,
} as const;

function credentials(request: Request) {
  return {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  };
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await getCurrentCustomer(services, credentials(request));
  if (!customer) throw redirect(loginHref(url.pathname));
  const params = new URL(request.url).searchParams;
  const addresses = (await listAddressBook(services, { customerId: customer.id })).map(
    savedAddressView,
  );
  const editing = addresses.find((a) => a.id === params.get('edit')) ?? null;
  const notice = done[params.get('done') as keyof typeof done] ?? null;
  return { addresses, editing, notice };
}

/** Add, edit or remove an entry, through the address book's one writer; a 303 back here. */
export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context;
  const customer = await getCurrentCustomer(services, credentials(request));
  if (!customer) return redirect('/login', 303);
  const fields = await formFields(request);
  const customerId = customer.id;
  const intent = fields.intent === 'update' || fields.intent === 'remove' ? fields.intent : 'add';
  const addressId = fields.id ?? '';
  try {
    if (intent === 'remove') {
      await removeAddress(services, { customerId, addressId });
      return redirect('/account/addresses?done=removed', 303);
    }
    const entry = parseFields(addressBookEntrySchema, fields, addressBookMessages.invalid);
    if (intent === 'update') await updateAddress(services, { customerId, addressId, entry });
    else await addAddress(services, { customerId, entry });
    return redirect(`/account/addresses?done=${intent === 'update' ? 'updated' : 'added'}`, 303);
  } catch (error) {
    // The form comes back as it was typed.
    const values = Object.fromEntries(
      Object.keys(emptyAddressForm).map((k) => [k, fields[k] ?? '']),
    ) as AddressFormValues;
    return formFailure(error, { intent, addressId, values });
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, editing, notice } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : null;
  const editingId = refused
    ? refused.intent === 'update'
      ? refused.addressId
      : null
    : (editing?.id ?? null);
  const values = refused?.values ?? editing ?? emptyAddressForm;
  return (
    <AccountFrame
      current="addresses"
      title="Your addresses"
      intro="Saved addresses to pick when you book, with the flat, building and how to get in."
    >
      <div className="space-y-6">
        <AddressBookNotice message={refused ? null : notice} />
        {refused?.intent === 'remove' ? (
          <AddressBookNotice tone="error" message={refused.errors.message} />
        ) : null}
        <AddressList addresses={addresses} />
        <AddressForm
          // A fresh form after each save (the list changed), the typed one after a refusal.
          key={`${editingId ?? 'new'}-${refused ? 'refused' : addresses.map((a) => a.updated_at).join()}`}
          editing={editingId}
          values={values}
          errors={refused && refused.intent !== 'remove' ? refused.errors : null}
        />
      </div>
    </AccountFrame>
  );
}
