import { useState } from 'react';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import { getCurrentStaff } from '@server/auth/staff';
import { callApi } from '~/features/account/api-client';
import type { Route } from './+types/login';

export function meta() {
  return [{ title: 'Back office sign in' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context;
  const staff = await getCurrentStaff(
    services.db,
    { cookie: request.headers.get('cookie') },
    services.now(),
  );
  if (staff) throw redirect('/admin');
  return { brand: services.config.brand.name };
}

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const reply = await callApi('/api/admin/login', {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
    });
    setBusy(false);
    if (reply.status !== 200) {
      setError(reply.body.message ?? 'Something went wrong, please try again.');
      return;
    }
    const from = params.get('from');
    navigate(from && from.startsWith('/admin') ? from : '/admin');
  }

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <form onSubmit={submit} noValidate className="card w-full max-w-sm space-y-4">
        <div>
          <p className="text-sm font-semibold text-brand">{loaderData.brand}</p>
          <h1 className="text-2xl font-bold text-slate-900">Back office</h1>
        </div>
        <div>
          <label htmlFor="email" className="field-label">
            E-mail
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="password" className="field-label">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            className="field-input"
          />
        </div>
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
