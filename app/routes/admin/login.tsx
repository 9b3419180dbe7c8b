import { data, Form, redirect, useNavigation, useSearchParams } from 'react-router';
import { getCurrentStaff, staffCookie, staffLogIn } from '~/server/back-office.server';
import { isSecure } from '~/server/accounts.server';
import { AppError } from '~/server/errors.server';
import { httpStatusOf } from '~/server/errors.server';
import { homeOf } from '~/features/admin/guard.server';
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
  if (staff) throw redirect(homeOf(staff.role));
  return { brand: services.config.brand.name };
}

/** Signs in on the server, so the form works (and never puts a password in a URL) before hydration. */
export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context;
  const form = await request.formData();
  const email = String(form.get('email') ?? '').slice(0, 200);
  const password = String(form.get('password') ?? '').slice(0, 200);
  if (!email.trim() || !password) {
    return data({ error: 'Please enter your e-mail and password.' }, { status: 422 });
  }
  try {
    const result = await staffLogIn(services, { email, password, ip: context.clientIp });
    const from = String(form.get('from') ?? '');
    return redirect(
      from.startsWith('/admin') && !from.startsWith('//') ? from : homeOf(result.staff.role),
      {
        headers: {
          'Set-Cookie': staffCookie(result.token, {
            secure: isSecure(services),
            expires: result.expiresAt,
          }),
        },
      },
    );
  } catch (error) {
    if (error instanceof AppError) {
      return data({ error: error.message }, { status: httpStatusOf(error) });
    }
    throw error;
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <Form method="post" className="card w-full max-w-sm space-y-4">
        <div>
          <p className="text-sm font-semibold text-brand">{loaderData.brand}</p>
          <h1 className="text-2xl font-bold text-slate-900">Back office</h1>
        </div>
        <input type="hidden" name="from" value={params.get('from') ?? ''} />
        <div>
          <label htmlFor="email" className="field-label">
            E-mail
          </label>
          <input
            id="email"
            name="email"
            type="email"
            required
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
            required
            autoComplete="current-password"
            className="field-input"
          />
        </div>
        {actionData?.error ? (
          <p role="alert" className="field-error">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </Form>
    </main>
  );
}
