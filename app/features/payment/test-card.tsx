import { useRef, useState } from 'react';
import { routes } from '@shared/api/routes';
import { TextField } from '~/components/form';
import { call } from '~/utils/api-client';
import { NOT_READY, type CardForm, type CardIntent } from './card-confirm';

/**
 * The TEST MODE card form turns Stripe's documented test numbers into Stripe's test
 * payment-method ids in the browser, as Stripe Elements would: the number never leaves it.
 */
function testPaymentMethod(cardNumber: string): string | null {
  const digits = cardNumber.replace(/\D/g, '');
  return (
    {
      '4242424242424242': 'pm_card_visa',
      '4000000000000002': 'pm_card_chargeDeclined',
      '4000002500003155': 'pm_card_authenticationRequired',
    }[digits] ?? null
  );
}

/** The embedded test-mode provider's card fields and its stand-in for the bank's 3-D Secure page. */
export function useTestCard() {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [challenge, setChallenge] = useState<null | ((ok: boolean) => void)>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  function askBank(): Promise<boolean> {
    return new Promise((resolve) => {
      setChallenge(() => (ok: boolean) => {
        dialog.current?.close();
        setChallenge(null);
        resolve(ok);
      });
      setTimeout(() => dialog.current?.showModal(), 0);
    });
  }

  const form: CardForm = {
    ready: true,
    check() {
      if (!testPaymentMethod(card.number)) return 'Your card number is incorrect.';
      if (!/^\d{2}\s*\/\s*\d{2}$/.test(card.expiry) || !/^\d{3,4}$/.test(card.cvc)) {
        return "Your card's expiry date or security code is incomplete.";
      }
      return null;
    },
    async confirm(intent: CardIntent) {
      const confirm = (authenticated?: boolean) =>
        call(routes.payments.testConfirm, {
          body: {
            intent_id: intent.id,
            client_secret: intent.clientSecret,
            payment_method: testPaymentMethod(card.number) ?? '',
            ...(authenticated === undefined ? {} : { authenticated }),
          },
        });
      let result = await confirm();
      if (result.ok && result.data.intent_status === 'requires_action') {
        result = await confirm(await askBank());
      }
      if (!result.ok) return { ok: false, message: result.error.message };
      if (result.data.intent_status === 'succeeded') return { ok: true };
      return { ok: false, message: result.data.message ?? NOT_READY };
    },
  };

  const field = (
    <>
      <TextField
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        onChange={(e) => setCard((c) => ({ ...c, number: e.target.value }))}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          id="card-expiry"
          label="Expiry (MM / YY)"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={card.expiry}
          onChange={(e) => setCard((c) => ({ ...c, expiry: e.target.value }))}
        />
        <TextField
          id="card-cvc"
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          value={card.cvc}
          onChange={(e) => setCard((c) => ({ ...c, cvc: e.target.value }))}
        />
      </div>
    </>
  );

  const bankDialog = (
    <dialog
      ref={dialog}
      // Escape is the customer declining the bank's step.
      onCancel={() => challenge?.(false)}
      aria-labelledby="challenge-title"
      className="m-auto w-[min(92vw,420px)] rounded-xl p-6 backdrop:bg-slate-900/60"
    >
      <h2 id="challenge-title" className="text-lg font-bold">
        TEST MODE: your bank asks you to confirm
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        This stands in for the 3-D Secure page of your bank.
      </p>
      <div className="mt-4 flex gap-3">
        <button type="button" className="btn-primary" onClick={() => challenge?.(true)}>
          Complete authentication
        </button>
        <button type="button" className="btn-secondary" onClick={() => challenge?.(false)}>
          Fail authentication
        </button>
      </div>
    </dialog>
  );

  return { form, field, bankDialog };
}
