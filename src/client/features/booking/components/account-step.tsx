import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { PASSWORD_MIN_LENGTH } from "../../../../shared/account-texts";
import { PASSWORD_TOO_COMMON, signInSchema, signUpSchema } from "../../../../shared/accounts";
import { FormAlert } from "../../../components/form-alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { EmailInput } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { ApiError } from "../../../lib/api-client";
import { failureMessage } from "../../../lib/form-errors";
import { textLink } from "../../../lib/styles";
import { useSignIn, useSignUp } from "../../accounts";

/**
 * Step 2 for a visitor: the account is made here with the name and email the quote already has (nothing typed
 * twice): a password is all it asks. Someone with an account signs in instead.
 */
export function AccountStep({ name, email, onDone }: { name: string; email: string; onDone: () => void }) {
  const [mode, setMode] = useState<"sign-up" | "sign-in">("sign-up");
  return mode === "sign-up" ? (
    <SignUpPart name={name} email={email} onDone={onDone} onSignIn={() => setMode("sign-in")} />
  ) : (
    <SignInPart email={email} onDone={onDone} onSignUp={() => setMode("sign-up")} />
  );
}

function SignUpPart({
  name,
  email,
  onDone,
  onSignIn,
}: {
  name: string;
  email: string;
  onDone: () => void;
  onSignIn: () => void;
}) {
  const signUp = useSignUp();
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { role: "customer" as const, name, email, password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === PASSWORD_TOO_COMMON) {
        form.setError("password", { message: error.message }, { shouldFocus: true });
      } else form.setError("root", { message: failureMessage(error) });
    }
  });
  const taken = errors.root?.message && /already/i.test(errors.root.message);
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm text-slate-700">
        Your account: <strong className="font-semibold text-slate-900">{name}</strong> · {email}. Choose a
        password to see and manage the booking.
      </p>
      <FormAlert message={errors.root?.message}>
        {taken ? (
          <button type="button" className={textLink} onClick={onSignIn}>
            Sign in instead
          </button>
        ) : null}
      </FormAlert>
      <FormField
        label="Password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
      >
        <PasswordInput
          autoComplete="new-password"
          required
          {...form.register("password", {
            // One password box: the confirmation the shared schema asks for is the same value.
            onChange: (event) => form.setValue("confirmPassword", event.target.value),
          })}
        />
      </FormField>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={signUp.isPending}>
          {signUp.isPending ? "Creating your account…" : "Create account and continue"}
        </Button>
        <button type="button" className={textLink} onClick={onSignIn}>
          I already have an account
        </button>
      </div>
    </form>
  );
}

function SignInPart({
  email,
  onDone,
  onSignUp,
}: {
  email: string;
  onDone: () => void;
  onSignUp: () => void;
}) {
  const signIn = useSignIn();
  const form = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email, password: "", portal: "client" as const },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      onDone();
    } catch (error) {
      form.setError("root", { message: failureMessage(error) });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormAlert message={errors.root?.message} />
      <FormField label="Email" error={errors.email?.message}>
        <EmailInput autoComplete="email" required {...form.register("email")} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" required {...form.register("password")} />
      </FormField>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={signIn.isPending}>
          {signIn.isPending ? "Signing in…" : "Sign in and continue"}
        </Button>
        <button type="button" className={textLink} onClick={onSignUp}>
          Create an account instead
        </button>
      </div>
    </form>
  );
}
