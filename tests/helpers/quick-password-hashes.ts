import { lowerPasswordHashCostForTests } from '../../server/auth/passwords';

// Set-up file of the unit, integration and browser projects (vitest.config.ts), of the
// template database (global-db-setup.ts) and of Playwright's test server (e2e-server.ts):
// scrypt at 2^10 in place of 2^15. The servers that tests start from `server/main.ts`
// (production.integration, the fault suite) keep 2^15, as a running site does.
lowerPasswordHashCostForTests(2 ** 10);
