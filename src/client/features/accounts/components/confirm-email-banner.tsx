import { MailCheck } from "lucide-react";
import { useLocation } from "react-router";
import { verificationMessages } from "../../../../shared/account-texts";
import { Button } from "../../../components/ui/button";
import { useSession } from "../../../lib/session";
import { useResendVerificationEmail } from "../api/verification";

/**
 * Shown on every screen to a signed-in user whose address is not confirmed yet: until it is, quotes sent
 * earlier are not linked and a landscaper cannot submit an application. Not a landmark: it sits above the
 * page's own <main>, in the flow, so it never covers content.
 */
export function ConfirmEmailBanner() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const resend = useResendVerificationEmail();
  if (!user || user.emailVerified || user.impersonatedBy || pathname === "/verify-email") return null;
  const outcome = resend.isSuccess ? resend.data.message : resend.error ? resend.error.message : null;
  return (
    <div
      data-slot="confirm-email-banner"
      className="border-amber-300 border-b bg-amber-50 px-4 py-3 text-amber-950 text-sm"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <MailCheck className="size-5 shrink-0" aria-hidden="true" />
        {/* overflow-wrap anywhere: a long address breaks inside itself instead of running off a phone's screen. */}
        <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">
          <strong className="font-semibold">{verificationMessages.banner}.</strong>{" "}
          {verificationMessages.bannerBody.replace("{email}", user.email)}
        </p>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? "Sending..." : verificationMessages.resend}
        </Button>
        <p role="status" className="basis-full empty:hidden">
          {outcome}
        </p>
      </div>
    </div>
  );
}
