import { CircleAlert, MailCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { verificationMessages } from "../../../../shared/account-texts";
import { Button } from "../../../components/ui/button";
import { useVerifyEmail } from "../api/verification";
import { AuthShell, authLinkClass } from "../components/auth-shell";

export function meta() {
  return [{ title: "Confirm Your Email | GreenScape Charlotte" }];
}

/**
 * Where the confirmation email's link lands. The address is confirmed by the button, not by opening the
 * page: mail scanners open every link in an email, and a link that confirmed on sight would be used up by them.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const verify = useVerifyEmail();

  if (verify.isSuccess) {
    return (
      <AuthShell
        title={verificationMessages.confirmed}
        description="Thank you. Everything in your account is ready to use."
        icon={MailCheck}
        focusTitle
        footer={
          <Link to="/dashboard" className={authLinkClass}>
            Go to your dashboard
          </Link>
        }
      />
    );
  }

  const problem = !token ? verificationMessages.linkInvalid : verify.error?.message;
  return (
    <AuthShell
      title="Confirm your email address"
      description="Confirm that this address is yours to finish setting up your account."
      icon={problem ? CircleAlert : MailCheck}
      iconTone={problem ? "danger" : "brand"}
      footer={
        <Link to="/login/client" className={authLinkClass}>
          Sign in
        </Link>
      }
    >
      {problem ? (
        <p role="alert" className="text-center text-red-800 text-sm">
          {problem}
        </p>
      ) : null}
      {token && !verify.error ? (
        <Button
          type="button"
          className="w-full"
          disabled={verify.isPending}
          onClick={() => verify.mutate(token)}
        >
          {verify.isPending ? "Confirming..." : "Confirm my email"}
        </Button>
      ) : null}
    </AuthShell>
  );
}
