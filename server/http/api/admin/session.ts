import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { isSecure } from '../../../auth/middleware';
import {
  clearedStaffCookie,
  getCurrentStaff,
  revokeStaffSession,
  staffCookie,
} from '../../../auth/staff';
import type { AppServices } from '../../../services';
import { staffLogIn } from '../../../use-cases/admin/staff-log-in';
import { route } from '../../contract-routes';
import { clientIp, credentialsOf, staffGuard, staffOf } from '../../identity';

/** Staff sign-in and sign-out (the back office's cookie, or a Bearer token), and who is signed in. */
export function adminSessionRoutes(app: FastifyInstance, services: AppServices) {
  const secure = isSecure(services);
  const now = () => services.now();
  const e = api.admin;

  route(
    app,
    e.logIn,
    { invalidMessage: 'Please enter your e-mail and password.' },
    async ({ body }, request, reply) => {
      const result = await staffLogIn(services, { ...body, ip: clientIp(request) });
      reply.header('Set-Cookie', staffCookie(result.token, { secure, expires: result.expiresAt }));
      return { status: true, staff: result.staff, token: result.token };
    },
  );

  route(app, e.logOut, {}, async (_, request, reply) => {
    const staff = await getCurrentStaff(services.db, credentialsOf(request), now());
    if (staff) await revokeStaffSession(services.db, staff.sessionId, now());
    reply.header('Set-Cookie', clearedStaffCookie({ secure }));
    return { status: true, message: 'You have signed out.' };
  });

  // Everyone signed in to the back office, drivers too (their page asks who they are).
  route(
    app,
    e.me,
    { preHandler: staffGuard(services, ['owner', 'staff', 'driver']) },
    async (_, request) => {
      const { id, name, email, role } = staffOf(request);
      return { status: true, staff: { id, name, email, role } };
    },
  );
}
