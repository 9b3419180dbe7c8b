import { lowerPasswordHashCostForTests } from '../../server/auth/passwords';

// Set-up file of the unit, integration and browser projects (vitest.config.ts) and of the
// template database (global-db-setup.ts): scrypt at 2^10 in place of 2^15. The servers that
// tests start as processes (production.integration, the fault suite, Playwright's) keep 2^15.
lowerPasswordHashCostForTests(2 ** 10);
