import type { TextChannel } from '../../db/schema';

/** One outbound text for the provider. `to` is E.164 (+447…), whatever the channel. */
export type OutgoingText = {
  channel: TextChannel;
  to: string;
  body: string;
  /** Where the provider posts this message's delivery receipts. */
  statusCallback: string;
};

/**
 * What hands a text to the world: Twilio (SMS and WhatsApp) when configured. Without it there
 * is no transport, and the delivery job records each text as 'not-sent' (the offline outbox,
 * read in the back office).
 */
export type TextTransport = {
  send(text: OutgoingText): Promise<{ sid: string }>;
};

/**
 * A refusal that sending again cannot change (an invalid number, an unsubscribed recipient):
 * the text is marked 'failed' and not retried. Any other error is retried with back-off.
 */
export class PermanentTextError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
    this.name = 'PermanentTextError';
  }
}
