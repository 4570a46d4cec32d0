import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { type LoginPortal, messages, signInSchema } from "../../../../shared/accounts";
import type { SessionUser } from "../../../../shared/session";
import { Alert } from "../../../components/ui/alert";
import { FormField } from "../../../components/ui/form-field";
import { EmailInput } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { ApiError } from "../../../lib/api-client";
import { useHydrated } from "../../../lib/use-hydrated";
import { useSignIn } from "../api/sign-in";
import { authLinkClass } from "./auth-shell";
import { SubmitButton } from "./submit-button";

/** The customer and landscaper logins' failure line (spec 01 section 8). */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "invalid_credentials" || error.code === "unauthorized")
      return messages.invalidCredentials;
    // Too many attempts and other refusals carry a message meant for the user.
    if (error.code !== "internal_error" && error.code !== "network_error" && error.code !== "unknown")
      return error.message;
  }
  return "Login failed. Please try again.";
}

interface SignInFormProps {
  portal: LoginPortal;
  onSignedIn: (user: SessionUser | null) => void;
  /** Turns a failure into the inline error line, or null when the caller reported it another way. */
  describeError?: (error: unknown) => string | null;
  /** Shows a 'Forgot password?' link under the password field. */
  forgotPasswordTo?: string;
}

/** Email + password sign-in for one portal; validation comes from the shared signInSchema. */
export function SignInForm({
  portal,
  onSignedIn,
  describeError = signInErrorMessage,
  forgotPasswordTo,
}: SignInFormProps) {
  const signIn = useSignIn();
  // The form is prerendered: until React has taken it over, Sign In (and Enter, which presses it) does
  // nothing, so an early tap cannot send the browser's own GET with the password in the address. Typing and
  // autofill work at once; the values are kept.
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "", portal },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const user = await signIn.mutateAsync(values);
      onSignedIn(user);
    } catch (error) {
      setFormError(describeError(error));
      // The button was disabled while the request ran, which dropped keyboard focus to the page.
      form.setFocus("password");
    }
  });

  // Stay busy until the next page takes over, so the button does not flash back to 'Sign In'.
  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-5">
      <FormField label="Email" error={errors.email?.message}>
        <EmailInput required {...form.register("email")} />
      </FormField>
      <div className="grid gap-2">
        <FormField label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" required {...form.register("password")} />
        </FormField>
        {forgotPasswordTo ? (
          <Link to={forgotPasswordTo} className={`${authLinkClass} justify-self-end text-sm`}>
            Forgot password?
          </Link>
        ) : null}
      </div>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <SubmitButton busy={busy} disabled={!hydrated} label="Sign In" busyLabel="Signing In..." />
    </form>
  );
}
