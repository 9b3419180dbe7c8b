import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { call, forgetLogin } from '~/utils/api-client';

/**
 * The navigation's and account page's Logout. Spec 4: logout ends the session (the server
 * revokes it and clears the HttpOnly cookie), clears the stored login and goes to /login.
 */
export function LogoutButton({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await call(routes.accounts.logOut);
        forgetLogin();
        window.location.assign('/login');
      }}
    >
      Logout
    </button>
  );
}
