/*
 * What the address book's pages may ask of the server (issue 18, decision 034): the entries of
 * the logged-in customer, written through the address book's one writer.
 */
export {
  addAddress,
  findSavedAddress,
  listAddressBook,
  removeAddress,
  updateAddress,
} from '@server/use-cases/accounts/save-address';
export {
  savedAddressOption,
  savedAddressView,
  type SavedAddressView,
} from '@server/use-cases/accounts/present-address';
export { findOrderToRepeat, type OrderToRepeat } from '@server/use-cases/accounts/book-again';
