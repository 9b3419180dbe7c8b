import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function ResultPanel({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'error';
  title: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div
          aria-hidden="true"
          className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full text-2xl ${tone === 'success' ? 'bg-emerald-100 text-emerald-700' : 'bg-red-100 text-red-700'}`}
        >
          {tone === 'success' ? '✓' : '!'}
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-4 text-slate-700">{children}</div>
        <Link to="/" className="btn-primary mt-6">
          Back To Home
        </Link>
      </div>
    </main>
  );
}
