import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../../services';
import { customerOrderRoutes } from './orders';
import { emailLinkRoutes } from './email-links';
import { profileRoutes } from './profile';
import { signInRoutes } from './sign-in';

/** /api routes of the accounts feature (spec section 7), one routes file per endpoint area. */
export function accountsRoutes(app: FastifyInstance, services: AppServices) {
  signInRoutes(app, services);
  emailLinkRoutes(app, services);
  customerOrderRoutes(app, services);
  profileRoutes(app, services);
}
