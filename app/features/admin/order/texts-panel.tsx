import { TextList } from '../text-list';
import type { AdminOrderView } from './admin-order';

/** Texts and replies (issue 17): what was texted about the order, and what the customer answered. */
export function TextsPanel({ texts }: { texts: AdminOrderView['texts'] }) {
  return (
    <section id="texts" className="card space-y-4" aria-labelledby="texts-title">
      <h2 id="texts-title" className="text-lg font-semibold">
        Texts and replies
      </h2>
      {texts.length ? (
        <TextList texts={texts} showOrder={false} />
      ) : (
        <p className="text-sm text-slate-500">No texts about this order.</p>
      )}
    </section>
  );
}
