import { Link } from "react-router";

/** Placeholder for a screen whose issue has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-800">{title}</h1>
      <p className="text-slate-600">This screen is coming soon.</p>
      <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        Return to Homepage
      </Link>
    </main>
  );
}
