import { useEffect, useRef } from 'react';

/** How the summary links to a field: its input's id and the label it names it by. */
export type FieldLinks = Record<string, { id: string; label: string }>;

/**
 * The box at the top of a refused form (as GOV.UK's error summary): the form's message,
 * announced at once, and a link to every field with a problem (the message itself is next
 * to the field). A field this form has no input for is listed with its message. Focused when
 * it appears, so keyboard users land on it.
 */
export function ErrorSummary({
  message,
  fields,
  links = {},
}: {
  message: string;
  fields?: Record<string, string>;
  links?: FieldLinks;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message, fields]);
  const entries = Object.entries(fields ?? {}).filter(([, text]) => text !== message);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-error-summary=""
      className="rounded-md border-2 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900 focus:outline-none"
    >
      <p id="error-summary-title" role="alert" className="font-semibold">
        {message}
      </p>
      {entries.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {entries.map(([field, text]) => {
            const link = links[field];
            return (
              <li key={field}>
                {link ? (
                  <a href={`#${link.id}`} className="font-medium underline">
                    {link.label}
                  </a>
                ) : (
                  text
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
