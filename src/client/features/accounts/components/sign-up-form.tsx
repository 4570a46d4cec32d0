import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { PASSWORD_TOO_COMMON, type SignUpInput, signUpSchema } from "../../../../shared/accounts";
import { FormAlert } from "../../../components/form-alert";
import { FormField } from "../../../components/ui/form-field";
import { EmailInput, Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { ApiError } from "../../../lib/api-client";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { lastSentQuote } from "../../quotes";
import { useSignUp } from "../api/sign-up";
import { NewPasswordFields } from "./new-password-fields";
import { SubmitButton } from "./submit-button";

type SignUpRole = SignUpInput["role"];

const fieldNames = ["role", "name", "email", "password", "confirmPassword"] as const;

/** 'Create Your Account': the shared signUpSchema gives every message shown under the fields. */
export function SignUpForm({
  defaultRole,
  onSignedUp,
}: {
  defaultRole: SignUpRole;
  onSignedUp: (role: SignUpRole) => void;
}) {
  const signUp = useSignUp();
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { role: defaultRole, name: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  // A visitor who just sent a quote from this tab has typed their name and email once already. After mount:
  // the tab's storage is not there when the page is rendered ahead of time.
  useEffect(() => {
    if (defaultRole !== "customer") return;
    const quote = lastSentQuote();
    if (!quote) return;
    if (!form.getValues("name")) form.setValue("name", quote.fullName);
    if (!form.getValues("email")) form.setValue("email", quote.email);
  }, [defaultRole, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      toast({
        title: "Account created successfully!",
        description: "Redirecting to onboarding...",
        variant: "success",
      });
      onSignedUp(values.role);
    } catch (error) {
      reportSubmitFailure({
        error,
        setError: form.setError,
        fields: fieldNames,
        title: "Signup failed",
        offlineTitle: "Error creating account",
      });
      // An address already registered: the alert offers the way in, to the login of the role chosen.
      if (error instanceof ApiError && error.status === 409) {
        form.setError("root", { type: "taken", message: error.message });
      }
      // A password on the breached list is the password field's problem, though the server answers it apart.
      if (error instanceof ApiError && error.code === PASSWORD_TOO_COMMON) {
        form.setError("password", { message: error.message }, { shouldFocus: true });
      }
    }
  });

  const busy = signUp.isPending || signUp.isSuccess;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <FormField label="I am a:" error={errors.role?.message}>
        <Select required {...form.register("role")}>
          <option value="customer">Client (Need Landscaping)</option>
          <option value="landscaper">Landscaper (Provide Services)</option>
        </Select>
      </FormField>
      <FormField label="Full Name" error={errors.name?.message}>
        <Input autoComplete="name" required {...form.register("name")} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <EmailInput required {...form.register("email")} />
      </FormField>
      <NewPasswordFields register={form.register} errors={errors} label="Password" />
      <FormAlert message={errors.root?.message}>
        {errors.root?.type === "taken" ? (
          <Link
            to={form.getValues("role") === "landscaper" ? "/login/landscaper" : "/login/customer"}
            className="font-semibold underline underline-offset-2"
          >
            Go to sign in
          </Link>
        ) : null}
      </FormAlert>
      <SubmitButton busy={busy} label="Create Account" busyLabel="Creating Account..." />
    </form>
  );
}
