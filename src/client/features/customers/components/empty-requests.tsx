import { Home, Sprout } from "lucide-react";
import { ActionButtons, EmptyState } from "../../../components/empty-state";
import { ButtonLink } from "../../../components/ui/button-link";

/** The dashboard before the first quote request. */
export function EmptyRequests() {
  return (
    <EmptyState
      icon={Sprout}
      size="lg"
      title="No Project Requests Yet"
      titleAs="h2"
      className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12"
      actions={
        <ActionButtons>
          <ButtonLink to="/instant-quote" size="lg">
            Get Instant Quote
          </ButtonLink>
          <ButtonLink to="/" size="lg" variant="outline" icon={Home}>
            Return to Home
          </ButtonLink>
        </ActionButtons>
      }
    >
      Ask for an instant quote and your request shows up here, from our review to the finished job.
    </EmptyState>
  );
}
