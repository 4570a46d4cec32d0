import { zodResolver } from "@hookform/resolvers/zod";
import { LockKeyhole, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { messages, PASSWORD_TOO_COMMON, resetPasswordSchema } from "../../../../shared/accounts";
import { withoutTrailingSlashes } from "../../../../shared/paths";
import { PageStatus } from "../../../components/page-status";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { useResetPassword } from "../api/password-reset";
import { AuthShell, authLinkClass } from "../components/auth-shell";
import { NewPasswordFields, PasswordUpdated } from "../components/new-password-fields";
import { SubmitButton } from "../components/submit-button";
import { UpdatePasswordForm } from "../components/update-password-form";
import { useRedirectAfter } from "../hooks/use-redirect-after";
import { resetPasswordConfig, resetPasswordVariantOf } from "../lib/variants";

export function meta() {
  return [{ title: "Set New Password | GreenScape Charlotte" }, { name: "robots", content: "noindex" }];
}

/**
 * The page an emailed reset link opens (<page>?token=...&email=...), at every alias the spec lists. Without a
 * token, /reset-password is the signed-in 'Update Password' variant: a visitor goes to /login/client.
 */
export default function ResetPasswordPage() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const email = searchParams.get("email");
  const config = resetPasswordConfig[resetPasswordVariantOf(pathname)];

  if (!token && withoutTrailingSlashes(pathname) === "/reset-password") return <SignedInVariant />;
  if (!token) return <MissingToken />;
  return <ResetPasswordForm token={token} email={email} config={config} />;
}

function SignedInVariant() {
  const session = useSession();
  if (session.isPending) return <PageStatus pulse>Loading...</PageStatus>;
  if (!session.user) return <Navigate to="/login/client" replace />;
  return <UpdatePasswordForm user={session.user} />;
}

function MissingToken() {
  useRedirectAfter("/request-reset");
  return (
    <AuthShell title="Reset Link Problem" icon={TriangleAlert} iconTone="danger">
      <Alert variant="destructive">
        <AlertTitle>{messages.invalidResetLink}</AlertTitle>
        <AlertDescription>Taking you to the page where you can ask for a new link...</AlertDescription>
      </Alert>
      <p className="text-center text-sm">
        <Link to="/request-reset" replace className={authLinkClass}>
          Request a new reset link
        </Link>
      </p>
    </AuthShell>
  );
}

function ResetPasswordForm({
  token,
  email,
  config,
}: {
  token: string;
  email: string | null;
  config: (typeof resetPasswordConfig)[keyof typeof resetPasswordConfig];
}) {
  const reset = useResetPassword();
  const [formError, setFormError] = useState<{ message: string; invalidLink: boolean } | null>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: "", confirmPassword: "", token },
  });
  const { errors } = form.formState;
  useRedirectAfter(reset.isSuccess ? config.afterReset : null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync(values);
    } catch (error) {
      // The link is still good: the server refused the password itself, so say so under the field.
      if (error instanceof ApiError && error.code === PASSWORD_TOO_COMMON) {
        form.setError("password", { message: error.message }, { shouldFocus: true });
        return;
      }
      setFormError(
        error instanceof ApiError && error.code === "invalid_token"
          ? { message: config.invalidLink, invalidLink: true }
          : { message: "An unexpected error occurred. Please try again.", invalidLink: false },
      );
    }
  });

  if (reset.isSuccess) {
    return (
      <PasswordUpdated
        next={`Redirecting you to ${config.afterResetLabel}...`}
        link={{ to: config.afterReset, label: "Continue now", replace: true }}
      />
    );
  }

  return (
    <AuthShell
      title="Set a New Password"
      description={
        email ? (
          <>
            Choose a new password for <span className="font-medium break-all text-slate-900">{email}</span>.
          </>
        ) : (
          "Choose a new password for your account."
        )
      }
      icon={LockKeyhole}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <NewPasswordFields register={form.register} errors={errors} />
        {formError ? (
          <Alert variant="destructive">
            <AlertDescription>
              {formError.message}
              {formError.invalidLink ? (
                <>
                  {" "}
                  <Link to={config.newLinkPath} className="font-semibold underline underline-offset-2">
                    Request a new link
                  </Link>
                </>
              ) : null}
            </AlertDescription>
          </Alert>
        ) : null}
        <SubmitButton busy={reset.isPending} label="Update Password" busyLabel="Updating..." />
      </form>
    </AuthShell>
  );
}
