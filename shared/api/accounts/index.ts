import { customerOrdersApi } from './orders';
import { emailLinksApi } from './email-links';
import { profileApi } from './profile';
import { signInApi } from './sign-in';

/*
 * Accounts of spec section 7, one file per endpoint area: the two-step login, registration,
 * password reset, the e-mail change link, account deletion by code, and what a logged-in
 * customer may do. The order of the areas is the order of the OpenAPI document.
 */
export const accountsApi = {
  ...signInApi,
  ...emailLinksApi,
  ...customerOrdersApi,
  ...profileApi,
};
