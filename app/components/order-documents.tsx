/**
 * An order's VAT invoice, receipt and credit notes as PDF links (issue 15): in the account,
 * on the payment page and in the back office.
 */
export function OrderDocuments({
  documents,
  heading = 'Invoices and receipts',
}: {
  documents: { title: string; url: string; number: string }[];
  heading?: string;
}) {
  if (documents.length === 0) return null;
  return (
    <div>
      <h3 className="font-semibold">{heading}</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {documents.map((d) => (
          <li key={d.number}>
            <a
              href={d.url}
              className="inline-flex items-center gap-2 font-medium text-brand underline underline-offset-2"
              target="_blank"
              rel="noopener"
            >
              <svg
                width="16"
                height="16"
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="shrink-0"
              >
                <path
                  d="M6 2h9l5 5v15H6zM14 2v6h6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
              </svg>
              {d.title} <span className="sr-only">(PDF, opens in a new tab)</span>
              <span aria-hidden="true" className="text-xs text-slate-500">
                PDF
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
