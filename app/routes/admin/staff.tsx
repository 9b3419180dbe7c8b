import type { z } from 'zod';
import type { newStaffInput } from '@shared/api/admin/staff';
import { routes } from '@shared/api/routes';
import { useState } from 'react';
import { listStaff } from '~/server/back-office.server';
import { listBranchSettings } from '~/server/branches.server';
import { StaffBranches } from '~/features/admin/staff/staff-branches';
import { requireStaffPage } from '~/features/admin/guard.server';
import { FeedbackBanner, useAdminAction } from '~/features/admin/ui';
import type { Route } from './+types/staff';

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const me = await requireStaffPage(services, { request, url }, ['owner']);
  const branches = (await listBranchSettings(services)).map(({ id, name }) => ({ id, name }));
  return { staff: await listStaff(services), meId: me.id, branches };
}

/** The new staff member's form, as POST /api/admin/staff takes it. */
type NewStaff = z.input<typeof newStaffInput>;

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { staff, meId, branches } = loaderData;
  const { run, busy, feedback } = useAdminAction();
  const [form, setForm] = useState<NewStaff>({ name: '', email: '', role: 'staff', password: '' });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Staff</h1>
      <FeedbackBanner feedback={feedback} />
      <ul className="card divide-y divide-slate-100 p-0">
        {staff.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span className="min-w-0 break-words">
              <strong>{s.name}</strong> · {s.email} · {s.role}{' '}
              {s.disabled ? <em className="text-red-700">(disabled)</em> : null}
              {s.failed_logins > 0 ? (
                <span className="block text-sm text-amber-800">
                  {s.failed_logins} failed sign-in{s.failed_logins === 1 ? '' : 's'} in the current
                  15-minute period: addresses that failed are refused until it ends.
                </span>
              ) : null}
              {s.role === 'staff' ? (
                <StaffBranches member={s} branches={branches} run={run} busy={busy} />
              ) : null}
            </span>
            <span className="flex gap-4">
              {/* Unlock forgets failed sign-ins from every address (decision 013). */}
              {s.failed_logins > 0 ? (
                <button
                  type="button"
                  className="text-brand underline"
                  disabled={busy}
                  aria-label={`Unlock sign-in for ${s.name}`}
                  onClick={() => void run(routes.admin.unlockStaff, { params: { id: s.id } })}
                >
                  Unlock sign-in
                </button>
              ) : null}
              {s.id !== meId ? (
                <button
                  type="button"
                  className="text-brand underline"
                  disabled={busy}
                  onClick={() =>
                    void run(routes.admin.setStaffDisabled, {
                      params: { id: s.id },
                      body: { disabled: !s.disabled },
                    })
                  }
                >
                  {s.disabled ? 'Enable' : 'Disable'}
                </button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <section className="card space-y-3" aria-labelledby="new-staff">
        <h2 id="new-staff" className="text-lg font-semibold">
          Add a staff account
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          {(['name', 'email', 'password'] as const).map((key) => (
            <div key={key}>
              <label htmlFor={`staff-${key}`} className="field-label">
                {key === 'name' ? 'Name' : key === 'email' ? 'E-mail' : 'Password (12+ characters)'}
              </label>
              <input
                id={`staff-${key}`}
                type={key === 'password' ? 'password' : key === 'email' ? 'email' : 'text'}
                autoComplete="off"
                className="field-input"
                value={form[key]}
                onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
              />
              {feedback?.errors?.[key] ? (
                <p className="field-error">{feedback.errors[key].join(' ')}</p>
              ) : null}
            </div>
          ))}
          <div>
            <label htmlFor="staff-role" className="field-label">
              Role
            </label>
            <select
              id="staff-role"
              className="field-input"
              value={form.role}
              onChange={(e) => setForm((f) => ({ ...f, role: e.target.value as NewStaff['role'] }))}
            >
              <option value="staff">Staff: orders and customers</option>
              <option value="owner">Owner: everything</option>
              <option value="driver">Driver: the day’s stops only</option>
            </select>
          </div>
        </div>
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          onClick={async () => {
            const { ok } = await run(routes.admin.addStaff, { body: form });
            if (ok) setForm({ name: '', email: '', role: 'staff', password: '' });
          }}
        >
          Add account
        </button>
      </section>
    </div>
  );
}
