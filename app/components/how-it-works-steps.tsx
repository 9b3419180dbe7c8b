const stepsOf = (minimumOrder: string) => [
  {
    title: 'Book online',
    text: 'Choose a one-hour collection window and a delivery window. No payment now.',
  },
  {
    title: 'We collect',
    text: `Our driver picks up your bag at your door. Collection is free on orders of ${minimumOrder} or more.`,
  },
  {
    title: 'We clean',
    text: 'Every item is listed, checked for stains and cleaned in our workshop within 24 to 48 hours.',
  },
  {
    title: 'We deliver',
    text: 'You get the invoice by e-mail, pay online, and we bring everything back pressed.',
  },
];

/**
 * The four steps of the service. `minimumOrder` is the rule's text (`minimumOrder` of
 * shared/price-rules.ts, "£25"): the home and landing pages send it from their loaders, so
 * their scripts carry no money code (the page-code budget of docs/decisions/021).
 */
export function HowItWorksSteps({ minimumOrder }: { minimumOrder: string }) {
  return (
    <ol className="mt-8 grid gap-6 md:grid-cols-4">
      {stepsOf(minimumOrder).map((s, i) => (
        <li key={s.title} className="card">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 items-center justify-center rounded-full bg-accent text-lg font-bold text-white"
          >
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h3>
          <p className="mt-2 text-slate-600">{s.text}</p>
        </li>
      ))}
    </ol>
  );
}
