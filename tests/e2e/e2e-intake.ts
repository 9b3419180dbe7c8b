/**
 * Orders the e2e server writes at start for the intake spec (issue 16), one per Playwright
 * project: collected, waiting for intake at the shop.
 */
export const E2E_INTAKE_ORDERS = {
  desktop: 'intake-desktop@e2e.test',
  mobile: 'intake-mobile@e2e.test',
} as const;
