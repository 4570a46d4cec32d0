import { CircleCheck } from "lucide-react";
import type * as React from "react";
import type { FieldErrors, Path, UseFormRegister } from "react-hook-form";
import { Link } from "react-router";
import { PASSWORD_MIN_LENGTH } from "../../../../shared/account-texts";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { FormField } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { AuthShell, authLinkClass } from "./auth-shell";

interface NewPassword {
  password: string;
  confirmPassword: string;
}

/** A new password and its confirmation (sign-up, reset, change), with the length rule shown. */
export function NewPasswordFields<T extends NewPassword>({
  register,
  errors,
  label = "New Password",
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPassword>;
  label?: string;
}) {
  return (
    <>
      <FormField
        label={label}
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
      >
        <PasswordInput autoComplete="new-password" required {...register("password" as Path<T>)} />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" required {...register("confirmPassword" as Path<T>)} />
      </FormField>
    </>
  );
}

/** The current password, then the new one twice: changing a password while signed in (settings, update page). */
export function ChangePasswordFields<T extends NewPassword & { currentPassword: string }>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPassword & { currentPassword: string }>;
}) {
  return (
    <>
      <FormField label="Current Password" error={errors.currentPassword?.message}>
        <PasswordInput autoComplete="current-password" required {...register("currentPassword" as Path<T>)} />
      </FormField>
      <NewPasswordFields register={register} errors={errors} />
    </>
  );
}

/** The screen after a password was changed or reset: what happened, then one link onwards. */
export function PasswordUpdated({
  next,
  link,
}: {
  next: React.ReactNode;
  link: { to: string; label: string; replace?: boolean };
}) {
  return (
    <AuthShell title="Password Updated" icon={CircleCheck} focusTitle>
      <Alert variant="success">
        <AlertTitle>Your password has been updated successfully.</AlertTitle>
        <AlertDescription>{next}</AlertDescription>
      </Alert>
      <p className="text-center text-sm">
        <Link to={link.to} replace={link.replace} className={authLinkClass}>
          {link.label}
        </Link>
      </p>
    </AuthShell>
  );
}
