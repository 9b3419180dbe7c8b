import { Link } from 'react-router';

/**
 * A page reached by an e-mailed, signed link whose link was refused (expired, tampered, or the
 * caller is not the customer): why, and the way in through the account instead.
 */
export function RefusedLinkPanel({ title, reason }: { title: string; reason: React.ReactNode }) {
  return (
    <main id="main" className="bg-slate-50 px-4 py-10">
      <div className="card mx-auto max-w-xl">
        <h1 className="page-title">{title}</h1>
        <p className="mt-4 text-slate-700">{reason}</p>
        <Link to="/login" className="btn-primary mt-6 inline-block">
          Log in to your account
        </Link>
      </div>
    </main>
  );
}
