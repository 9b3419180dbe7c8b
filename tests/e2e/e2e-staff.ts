/** The staff account the e2e server creates for the back-office spec. */
export const E2E_STAFF = { email: 'sam@e2e.test', password: 'e2e-staff-password-1' } as const;
