import { Send } from "lucide-react";
import { Link } from "react-router";
import { type FirmPrice, firmPriceText, heldUntilText } from "../../../../shared/pricing";
import type { Frequency } from "../../../../shared/recurring";
import { Button } from "../../../components/ui/button";

const linkClass =
  "rounded-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/**
 * The quote form's last box: the firm price said again where the customer sends the request (the panel is
 * several steps up by then), the terms, and the button.
 */
export function SubmitBar({
  price,
  frequency,
  busy,
}: {
  price: FirmPrice | null;
  frequency: Frequency;
  busy: boolean;
}) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="grid gap-1">
        {price ? (
          <p className="text-sm font-semibold text-slate-900" data-testid="submit-price">
            Your price: {firmPriceText(price, frequency)} · {heldUntilText(price.heldUntil)}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          By submitting you agree to our{" "}
          <Link to="/terms-of-service" className={linkClass}>
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        pending={busy}
        pendingLabel="Submitting Request..."
        icon={<Send className="size-4" aria-hidden="true" />}
      >
        Submit Request
      </Button>
    </div>
  );
}
