import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, KeyRound, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { forgotPasswordSchema } from "../../../../shared/accounts";
import { Alert } from "../../../components/ui/alert";
import { ButtonLink } from "../../../components/ui/button-link";
import { FormField } from "../../../components/ui/form-field";
import { EmailInput } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api-client";
import { useRequestPasswordReset } from "../api/password-reset";
import { AuthShell, authLinkClass } from "../components/auth-shell";
import { SubmitButton } from "../components/submit-button";
import { forgotPasswordConfig, forgotPasswordVariantOf } from "../lib/variants";

export function meta() {
  return [{ title: "Forgot Password | GreenScape Charlotte" }];
}

export default function ForgotPasswordPage() {
  const { pathname } = useLocation();
  const variant = forgotPasswordVariantOf(pathname);
  const { resetPath, loginPath } = forgotPasswordConfig[variant];
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "", resetPath },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync({ ...values, resetPath });
      setSent(true);
    } catch (error) {
      // 429 says how long to wait; anything else stays vague (the spec's line).
      setFormError(
        error instanceof ApiError && error.code === "too_many_requests"
          ? error.message
          : "An error occurred. Please try again later.",
      );
    }
  });

  const backToLogin = (
    <Link to={loginPath} className={`${authLinkClass} inline-flex items-center gap-1.5`}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Login
    </Link>
  );

  if (sent) {
    return (
      <AuthShell
        title="Check Your Email"
        description="A password reset link has been sent to your email address."
        icon={MailCheck}
        focusTitle
      >
        <p className="text-center text-sm text-slate-600">
          The link works once and expires in 1 hour. Didn't get it? Check your spam folder, or{" "}
          <button
            type="button"
            className={authLinkClass}
            onClick={() => {
              request.reset();
              setSent(false);
            }}
          >
            try again
          </button>
          .
        </p>
        <ButtonLink to={loginPath} variant="outline" size="lg" className="w-full" icon={ArrowLeft}>
          Back to Login
        </ButtonLink>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Forgot Password"
      eyebrow={variant === "landscaper" ? "Landscaper Account" : "Client Account"}
      description="Enter the email address of your account and we'll send you a link to choose a new password."
      icon={KeyRound}
      footer={backToLogin}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField label="Email" error={form.formState.errors.email?.message}>
          <EmailInput required {...form.register("email")} />
        </FormField>
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <SubmitButton busy={request.isPending} label="Send Reset Link" busyLabel="Sending..." />
      </form>
    </AuthShell>
  );
}
