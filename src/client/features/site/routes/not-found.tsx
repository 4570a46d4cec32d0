import { ArrowLeft, House } from "lucide-react";
import { useNavigate } from "react-router";
import { ActionButtons } from "../../../components/empty-state";
import { Button } from "../../../components/ui/button";
import { ButtonLink } from "../../../components/ui/button-link";
import { pageMeta } from "../../../lib/meta";

export function meta() {
  return pageMeta("Page Not Found", "The page you're looking for doesn't exist or has been moved.", {
    noindex: true,
  });
}

/** Whether "Go Back" has somewhere to go: an earlier in-app entry, or any earlier entry in this tab. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0 || window.history.length > 1;
}

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="flex items-center justify-center px-4 py-20 sm:py-28">
      <div className="flex max-w-lg flex-col items-center text-center">
        <p className="text-7xl font-extrabold tracking-tight text-green-600 sm:text-8xl" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Page Not Found</h1>
        <p className="mt-4 text-lg text-slate-600">
          The page you're looking for doesn't exist or has been moved.
        </p>
        <ActionButtons className="mt-8">
          <ButtonLink to="/" size="lg" icon={House}>
            Return to Homepage
          </ButtonLink>
          <Button
            size="lg"
            variant="outline"
            onClick={() => {
              if (canGoBack()) void navigate(-1);
              else void navigate("/");
            }}
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Go Back
          </Button>
        </ActionButtons>
      </div>
    </div>
  );
}
