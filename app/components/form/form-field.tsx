/** A coloured notice; errors are announced at once, other notices politely. */
export function Notice({
  tone,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  children: React.ReactNode;
}) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-4 py-3 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}

/** The centred card that holds the login, sign-up, reset and deletion forms. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="bg-slate-50 px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-brand">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-slate-600">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}
