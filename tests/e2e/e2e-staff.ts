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

/** Issue 32: the owner, and a member of staff in two branches (Maida Vale, West Hampstead). */
export const E2E_OWNER = { email: 'olive@e2e.test', password: 'e2e-owner-password-1' } as const;
export const E2E_TWO_BRANCHES = {
  email: 'bo@e2e.test',
  password: 'e2e-branches-password-1',
} as const;
/** Today's collections the branches spec filters by branch: one per branch. */
export const E2E_BRANCH_ORDERS = {
  'maida-vale': 'Mabel Maida',
  'west-hampstead': 'Hector Hampstead',
} as const;
