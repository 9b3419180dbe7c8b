import { Form } from 'react-router';
import { forgetLogin } from '~/utils/api-client';

/**
 * The navigation's and account page's Logout: a form posted to /account's action, which
 * ends the session (revokes it and clears the HttpOnly cookie) and goes to /login (spec 4),
 * with or without JavaScript. The stored login is forgotten as it is sent.
 */
export function LogoutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/account" onSubmit={forgetLogin} className="contents">
      <button type="submit" name="intent" value="logout" className={className}>
        Logout
      </button>
    </Form>
  );
}
