import { PartyPopper, X } from "lucide-react";

/**
 * Greets a customer right after signing in; the dashboard hides it after 5 seconds. The visit that follows
 * sign-up says welcome; a later sign-in says welcome back.
 */
export function WelcomeBanner({
  firstName,
  returning,
  onDismiss,
}: {
  firstName: string;
  returning: boolean;
  onDismiss: () => void;
}) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-900 shadow-sm"
    >
      <PartyPopper className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="grid flex-1 gap-0.5">
        <p className="font-semibold">
          {returning ? "Welcome back" : "Welcome"}, {firstName}!
        </p>
        <p className="text-sm">You're signed in. Here's where all your project requests stand.</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss welcome message"
        className="rounded-md p-1 text-brand-800 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
