/**
 * npm run admin:unlock -- --email owner@example.co.uk
 *
 * Forgets every failed back-office sign-in counted against a staff e-mail, from every address
 * (docs/decisions/013): the way back in when the owner is refused everywhere and no other
 * owner can unlock from the back office. Works on the configured database (DATABASE_URL, or
 * the embedded one under ./data) and is written to the audit log.
 */
import { parseArgs } from 'node:util';
import { openDatabaseOrExplain } from './open-database';
import { findStaffByEmail, unlockStaff } from '../server/use-cases/admin/staff';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
const email = values.email?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run admin:unlock -- --email you@example.co.uk');
  process.exit(2);
}
const database = await openDatabaseOrExplain();
try {
  await database.migrate();
  // A script has no services: it passes the two this use-case reads.
  const deps = { db: database.db, now: () => new Date() };
  const staff = await findStaffByEmail(deps, { email });
  if (!staff) {
    console.error(`There is no staff account for ${email}.`);
    process.exitCode = 1;
  } else {
    const unlocked = await unlockStaff(deps, { actor: null, staffId: staff.id });
    console.log(
      `Unlocked ${unlocked.email}: ${unlocked.cleared} failed sign-in(s) forgotten. It can sign in from any address again.`,
    );
  }
} finally {
  await database.close();
}
