import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { AppServices } from '../services';
import { openPhoto } from '../use-cases/photos/open-photo';
import { httpStatusOf } from '../error-status';

/**
 * `GET /photos/:id?expires=&sig=`: a photo of an order, only through the signed, expiring URL
 * that `photoUrl` made for someone allowed to see the order (decision 025). Kept by the browser
 * for that person only (`private`) and never beyond the URL's expiry.
 */
export function photoRoutes(app: FastifyInstance, services: AppServices) {
  app.get<{ Params: { id: string }; Querystring: { expires?: string; sig?: string } }>(
    '/photos/:id',
    async (request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      try {
        const photo = await openPhoto(services, {
          id: request.params.id,
          expires: typeof request.query.expires === 'string' ? request.query.expires : undefined,
          sig: typeof request.query.sig === 'string' ? request.query.sig : undefined,
        });
        const seconds = Math.max(
          0,
          Math.floor((photo.expiresAt.getTime() - services.now().getTime()) / 1000),
        );
        reply.header('Cache-Control', `private, max-age=${seconds}`);
        return reply.type(photo.contentType).send(photo.bytes);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        reply.header('Cache-Control', 'private, no-store');
        return reply
          .code(httpStatusOf(error))
          .type('text/plain; charset=utf-8')
          .send(error.message);
      }
    },
  );
}
