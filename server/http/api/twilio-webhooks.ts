import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@shared/api';
import { verifyTwilioSignature } from '../../adapters/texts/twilio-transport';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { handleInboundText } from '../../use-cases/replies/handle-inbound';
import { recordTextStatus } from '../../use-cases/messages/text-status';
import { route } from '../contract-routes';

/**
 * Twilio's webhooks (issue 17): delivery receipts and customers' replies. Each request must
 * carry X-Twilio-Signature over our public URL of the webhook and the posted form, checked
 * before the form is read; without Twilio configured they do not exist (404).
 */
export function twilioWebhookRoutes(app: FastifyInstance, services: AppServices) {
  const signed = (path: string) => async (request: FastifyRequest) => {
    const twilio = services.config.twilio;
    if (!twilio) throw new NotFoundError('Twilio webhooks are not configured.');
    const signature = request.headers['x-twilio-signature'];
    if (typeof signature !== 'string' || signature === '') {
      throw new ForbiddenError('Missing Twilio signature (X-Twilio-Signature).');
    }
    const params =
      request.body && typeof request.body === 'object'
        ? (request.body as Record<string, unknown>)
        : {};
    const url = `${services.config.publicUrl}${path}`;
    if (!verifyTwilioSignature(twilio.authToken, signature, url, params)) {
      throw new ForbiddenError('Invalid Twilio signature.');
    }
  };

  const status = api.webhooks.twilioStatus;
  route(app, status, { preHandler: signed(status.path) }, async ({ body }) => {
    const changed = await recordTextStatus(services, {
      providerSid: body.MessageSid,
      status: body.MessageStatus,
      errorCode: body.ErrorCode,
    });
    return { received: true, changed };
  });

  const inbound = api.webhooks.twilioInbound;
  route(app, inbound, { preHandler: signed(inbound.path) }, async ({ body }, _request, reply) => {
    const whatsapp = body.From.startsWith('whatsapp:');
    const { reply: answer } = await handleInboundText(services, {
      channel: whatsapp ? 'whatsapp' : 'sms',
      from: whatsapp ? body.From.slice('whatsapp:'.length) : body.From,
      body: body.Body,
      providerSid: body.MessageSid,
    });
    reply.type('text/xml; charset=utf-8');
    return twiml(answer);
  });
}

/** The TwiML answer to an inbound text: our reply as one Message, or nothing. */
export function twiml(reply: string | null): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?>';
  return reply === null
    ? `${head}<Response/>`
    : `${head}<Response><Message>${escapeXml(reply)}</Message></Response>`;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}
