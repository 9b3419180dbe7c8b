import { finalPriceRules } from '@shared/price-rules';

/** How the final price is worked out (shared/price-rules.ts), beside the prices. */
export function FinalPriceRules({ className = '' }: { className?: string }) {
  return (
    <section
      aria-labelledby="final-price-title"
      className={`rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-slate-800 ${className}`}
    >
      <h2 id="final-price-title" className="font-semibold text-slate-900">
        {finalPriceRules.title}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {finalPriceRules.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </section>
  );
}
