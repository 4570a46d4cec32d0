import { LockKeyhole } from "lucide-react";
import { homePathFor, type SessionUser } from "../../../../shared/session";
import { FormAlert } from "../../../components/form-alert";
import { ApiError } from "../../../lib/api-client";
import { useChangePasswordForm } from "../hooks/use-change-password-form";
import { AuthShell } from "./auth-shell";
import { ChangePasswordFields, PasswordUpdated } from "./new-password-fields";
import { SubmitButton } from "./submit-button";

/**
 * The signed-in variant of 'set a new password' (spec 01 §5): /reset-password without a token, for a user who
 * is signed in. It also asks for the current password, so a session left open on a shared computer cannot be
 * used to take the account over (docs/spec-deviations.md).
 */
export function UpdatePasswordForm({ user }: { user: SessionUser }) {
  const { form, onSubmit, change } = useChangePasswordForm({
    onFailed: (error) => {
      if (!(error instanceof ApiError) || error.status !== 400) {
        form.setError("root", {
          message:
            error instanceof ApiError ? error.message : "An unexpected error occurred. Please try again.",
        });
      }
    },
  });
  const { errors } = form.formState;

  if (change.isSuccess) {
    return (
      <PasswordUpdated
        next="Your other devices have been signed out."
        link={{ to: homePathFor(user), label: "Back to your dashboard" }}
      />
    );
  }

  return (
    <AuthShell
      title="Set a New Password"
      description={
        <>
          Choose a new password for <span className="font-medium break-all text-slate-900">{user.email}</span>
          .
        </>
      }
      icon={LockKeyhole}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <ChangePasswordFields register={form.register} errors={errors} />
        <FormAlert message={errors.root?.message} />
        <SubmitButton busy={change.isPending} label="Update Password" busyLabel="Updating..." />
      </form>
    </AuthShell>
  );
}
