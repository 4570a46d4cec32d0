import { ArrowLeft, KeyRound } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { forgotPasswordSchema } from "../../../../shared/accounts";
import { FormField } from "../../../components/ui/form-field";
import { EmailInput } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useRequestPasswordReset } from "../api/password-reset";
import { AuthShell, authLinkClass } from "../components/auth-shell";
import { SubmitButton } from "../components/submit-button";

export function meta() {
  return [{ title: "Request Password Reset | GreenScape Charlotte" }];
}

const failure = "There was an issue. Please try again or check your email address.";

/** Where expired reset links send people: asks for a new link and answers with toasts (spec 01). */
export default function RequestResetPage() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      setInvalid(true);
      inputRef.current?.focus();
      toast({
        title: "Email Required",
        description: "Please enter your email address.",
        variant: "destructive",
      });
      return;
    }
    const parsed = forgotPasswordSchema.safeParse({ email, resetPath: "/reset-password" });
    if (!parsed.success) {
      setInvalid(true);
      inputRef.current?.focus();
      toast({ title: "Reset Failed", description: failure, variant: "destructive" });
      return;
    }
    setInvalid(false);
    try {
      await request.mutateAsync(parsed.data);
      toast({
        title: "Reset Link Sent",
        description: "Check your inbox for a reset link.",
        variant: "success",
      });
    } catch (error) {
      const description =
        error instanceof ApiError && error.code === "too_many_requests" ? error.message : failure;
      toast({ title: "Reset Failed", description, variant: "destructive" });
    }
  }

  return (
    <AuthShell
      title="Reset Your Password"
      description="Enter the email address of your account and we'll email you a new reset link."
      icon={KeyRound}
      footer={
        <Link to="/login/client" className={`${authLinkClass} inline-flex items-center gap-1.5`}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Login
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField label="Email" description="Reset links expire after 1 hour.">
          <EmailInput
            ref={inputRef}
            name="email"
            required
            value={email}
            aria-invalid={invalid || undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              if (invalid) setInvalid(false);
            }}
          />
        </FormField>
        <SubmitButton busy={request.isPending} label="Send Reset Link" busyLabel="Sending..." />
      </form>
    </AuthShell>
  );
}
