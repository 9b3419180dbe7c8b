import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { ActionFeedback, useAdminAction } from '../ui';

/*
 * Pairing the counter's card reader (issue 32, decision 053): the owner types the code the
 * reader shows on its screen, and the server registers it with Stripe Terminal at the branch's
 * location. The branch's reader id below it then names the paired reader.
 */
export function ReaderPairing({
  branchId,
  onPaired,
}: {
  branchId: number;
  onPaired: (readerId: string) => void;
}) {
  const { run, busy, feedback } = useAdminAction();
  const [code, setCode] = useState('');
  async function pair() {
    const done = await run(routes.admin.registerBranchReader, {
      params: { id: branchId },
      body: { registration_code: code },
    });
    if (done.ok && done.reply.ok) {
      onPaired(done.reply.data.reader_id);
      setCode('');
    }
  }
  return (
    <form
      className="max-w-md space-y-2 rounded-lg bg-slate-50 p-3"
      aria-labelledby={`pair-${branchId}`}
      onSubmit={(e) => {
        e.preventDefault();
        void pair();
      }}
    >
      <h3 id={`pair-${branchId}`} className="font-semibold">
        Pair a card reader
      </h3>
      <label className="block">
        <span className="field-label">Pairing code on the reader’s screen</span>
        <input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          name="registration_code"
          autoComplete="off"
          placeholder="e.g. sepia-cerulean-aqua"
          className="field-input py-2 font-mono"
        />
        <span className="text-sm text-slate-600">
          On a new reader the code shows when it starts; otherwise enter 0-7-1-3-9 in its settings.
          In test mode, simulated-wpe pairs a simulated reader.
        </span>
      </label>
      <button type="submit" disabled={busy} className="btn-secondary px-4 py-2">
        {busy ? 'Pairing…' : 'Pair the reader'}
      </button>
      <ActionFeedback feedback={feedback} of={[routes.admin.registerBranchReader]} />
    </form>
  );
}
