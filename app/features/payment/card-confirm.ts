/**
 * The card form's half of a payment. The server starts a card setup (saved for after
 * cleaning) or an invoice payment; the form confirms it with the provider, with the bank's
 * authentication when asked; the server then checks the outcome with the provider.
 */
export type CardIntent = { kind: 'setup' | 'payment'; id: string; clientSecret: string };

export type ConfirmOutcome = { ok: true } | { ok: false; message: string };

export type CardForm = {
  /** False until the provider's card fields can take a payment. */
  ready: boolean;
  /** A problem with what was typed, found before anything is sent, or null. */
  check(): string | null;
  /**
   * The provider's own check of its fields, in the click, before the intent is made (Stripe's
   * Payment Element: it also opens Apple Pay's or Google Pay's sheet); a message, or null.
   */
  submit?(): Promise<string | null>;
  confirm(intent: CardIntent): Promise<ConfirmOutcome>;
};

/** Spec 5: the card step when the payment tools are not ready. */
export const NOT_READY = 'Sorry! Something went wrong, please contact customer care.';
