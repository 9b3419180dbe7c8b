import { createStaffUser } from '../../server/auth/staff';
import { branches, branchStaff } from '../../server/db/schema';
import { staffLogIn } from './fixtures';
import type { TestServer } from './test-server';

export type CounterPerson = {
  /** How the test names them; their e-mail is `<key>@<domain>`. */
  key: string;
  role: 'owner' | 'staff' | 'driver';
  /** The slug of the branch they belong to (staff only). */
  branch?: string;
  name?: string;
};

/**
 * The people of a counter test (issue 32): each a back-office account placed in its branch and
 * signed in; their ids and session tokens by key.
 */
export async function counterPeople(
  server: TestServer,
  domain: string,
  people: CounterPerson[],
  password: string,
): Promise<{ tokens: Record<string, string>; ids: Record<string, string> }> {
  const db = server.database.db;
  const branchIds = Object.fromEntries(
    (await db.select().from(branches)).map((b) => [b.slug, b.id]),
  );
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  for (const { key, role, branch, name } of people) {
    const email = `${key}@${domain}`;
    const row = await createStaffUser(db, { email, name: name ?? key, role, password });
    ids[key] = row.id;
    if (branch)
      await db.insert(branchStaff).values({ branchId: branchIds[branch]!, staffId: row.id });
    tokens[key] = await staffLogIn(server, email, password);
  }
  return { tokens, ids };
}
