import "./lib/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
// Given a precedence, React puts the stylesheet at the top of <head>, before the ~40 module preloads; behind
// them a phone on a slow network fetched the one render-blocking file last.
import appCss from "./app.css?url";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { queryClient } from "./lib/query-client";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installable landscaper app (issue 37): its name, icons and start page.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#166534" />
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen font-sans">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <LazyToaster />
    </QueryClientProvider>
  );
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center text-slate-500" role="status">
      Loading...
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>Unexpected Application Error! | GreenScape Charlotte</title>
      <h1 className="text-2xl font-bold text-red-700">Unexpected Application Error!</h1>
      {detail ? <p className="text-slate-600">{detail}</p> : null}
      <p className="text-slate-600">
        Please reload the page. If the problem continues, contact our support team.
      </p>
      <a href="/" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        Return to Homepage
      </a>
    </main>
  );
}
