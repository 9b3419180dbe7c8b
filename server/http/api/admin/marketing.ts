import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../../services';
import { sendMarketingText } from '../../../use-cases/messages/marketing-texts';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/** A marketing text to every customer who consented, with the opt-out (owner only). */
export function adminMarketingRoutes(app: FastifyInstance, services: AppServices) {
  const ownerOnly = { preHandler: staffGuard(services, ['owner']) };

  route(
    app,
    api.admin.sendMarketingText,
    { ...ownerOnly, invalidMessage: 'Please check the text.' },
    async ({ body }, request) => {
      const sent = await sendMarketingText(services, { actor: staffOf(request), body: body.body });
      return {
        status: true,
        message: `${sent.queued} marketing text${sent.queued === 1 ? '' : 's'} queued.`,
        ...sent,
      };
    },
  );
}
