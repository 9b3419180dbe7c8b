/** The staff account the e2e server creates for the back-office spec. */
export const E2E_STAFF = { email: 'sam@e2e.test', password: 'e2e-staff-password-1' } as const;

/**
 * Orders the e2e server writes at start, one per Playwright project: in cleaning, a TEST MODE
 * card saved, the customer's cap at £30 (what the booking form will set, issue 15).
 */
export const E2E_CAPPED_ORDERS = {
  desktop: 'capped-desktop@e2e.test',
  mobile: 'capped-mobile@e2e.test',
} as const;
export const E2E_CAP_PENCE = 3000;
