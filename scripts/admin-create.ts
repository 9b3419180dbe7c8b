/**
 * npm run admin:create -- --email owner@example.co.uk [--name "Jane Doe"] [--role owner|staff|driver]
 *
 * Creates a back-office account on the configured database (DATABASE_URL, or the embedded
 * one under ./data). The password is ADMIN_PASSWORD when set, otherwise a random one printed
 * once. Migrations run first, so this works on a fresh database too. The embedded database has
 * one writer: while the site runs on it, this refuses (say so) rather than lose the account.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createStaffUser } from '../server/auth/staff';
import { isUniqueViolation } from '../server/db/errors';
import { newStaffInput } from '../shared/api/admin/staff';
import { openDatabaseOrExplain } from './open-database';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string', default: 'Shop owner' },
    role: { type: 'string', default: 'owner' },
  },
});
const password = process.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
const input = newStaffInput.safeParse({ ...values, password });
if (!input.success) {
  for (const issue of input.error.issues)
    console.error(`${issue.path.join('.')}: ${issue.message}`);
  console.error(
    'Usage: npm run admin:create -- --email you@example.co.uk [--name "…"] [--role owner|staff|driver]',
  );
  process.exit(2);
}
const database = await openDatabaseOrExplain();
try {
  await database.migrate();
  const staff = await createStaffUser(database.db, input.data);
  console.log(`Created ${staff.role} ${staff.email}.`);
  if (!process.env.ADMIN_PASSWORD) console.log(`Password (shown once): ${password}`);
} catch (error) {
  if (isUniqueViolation(error)) {
    console.error(`A staff account for ${input.data.email} already exists.`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await database.close();
}
