import { CloudAlert } from "lucide-react";
import { ActionButtons } from "./empty-state";
import { Button } from "./ui/button";
import { ButtonLink } from "./ui/button-link";

/** Spec 01 section 4 / 02 section 8: the account (or a profile it needs) did not load within 3 seconds. */
export function TroubleLoading({ loginPath }: { loginPath: "/login/client" | "/login/landscaper" }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <CloudAlert className="size-6" aria-hidden="true" />
      </span>
      <p role="alert" className="text-lg font-medium text-pretty text-slate-800">
        We're having trouble loading your account. Please try refreshing or logging in again.
      </p>
      <ActionButtons>
        <Button type="button" onClick={() => window.location.reload()}>
          Refresh
        </Button>
        <ButtonLink to={loginPath} variant="outline">
          Log In Again
        </ButtonLink>
      </ActionButtons>
    </div>
  );
}
