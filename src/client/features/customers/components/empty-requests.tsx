import { Home, Sprout } from "lucide-react";
import { ButtonLink } from "../../../components/ui/button-link";

/** The dashboard before the first quote request. */
export function EmptyRequests() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <Sprout className="size-7" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-semibold text-slate-900">No Project Requests Yet</h2>
      <p className="max-w-md text-sm text-pretty text-slate-600">
        Ask for an instant quote and your request shows up here, from our review to the finished job.
      </p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to="/instant-quote" size="lg">
          Get Instant Quote
        </ButtonLink>
        <ButtonLink to="/" size="lg" variant="outline" icon={Home}>
          Return to Home
        </ButtonLink>
      </div>
    </div>
  );
}
