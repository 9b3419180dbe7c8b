import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { createStaffUser } from '../../auth/staff';
import type { AppServices } from '../../services';
import { staffUsers } from '../../db/schema';

/**
 * The embedded demo needs a way into /admin: when no staff account exists yet, an owner is
 * created with a random password, returned once for the start-up log and never stored in
 * clear. A real deployment creates its owner with `npm run admin:create`.
 */
export async function ensureDemoOwner(
  deps: Pick<AppServices, 'db'>,
  input: { email: string },
): Promise<{ email: string; password: string } | null> {
  const { db } = deps;
  const { email } = input;
  const [row] = await db.select({ n: count() }).from(staffUsers);
  if (Number(row?.n ?? 0) > 0) return null;
  const password = randomBytes(12).toString('base64url');
  await createStaffUser(db, { email, name: 'Shop owner (demo)', role: 'owner', password });
  return { email, password };
}
