import { Link } from 'react-router';

export function NotFoundPanel() {
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand">404</p>
      <h1 className="mt-4 text-2xl font-semibold">The requested page could not be found.</h1>
      <Link to="/" className="btn-primary mt-8">
        Back to home
      </Link>
    </main>
  );
}
