import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { changePasswordSchema, PASSWORD_TOO_COMMON } from "../../../../shared/accounts";
import { ApiError } from "../../../lib/api-client";
import { showServerFieldErrors } from "../../../lib/form-errors";
import { useChangePassword } from "../api/change-password";

type PasswordValues = z.input<typeof changePasswordSchema>;

/**
 * The change-password form for a signed-in user (the settings tab and the signed-in 'Update Password' page):
 * one schema, and the server's refusals put under the field they are about. `onFailed` hears every refusal.
 */
export function useChangePasswordForm(
  options: { onChanged?: () => void; onFailed?: (error: unknown) => void } = {},
) {
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      options.onChanged?.();
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.code === PASSWORD_TOO_COMMON) {
          form.setError("password", { message: error.message }, { shouldFocus: true });
        } else if (error.code === "invalid_credentials") {
          form.setError("currentPassword", { message: error.message }, { shouldFocus: true });
        }
        showServerFieldErrors(form.setError, error, ["currentPassword", "password", "confirmPassword"], {
          focus: false,
        });
      }
      options.onFailed?.(error);
    }
  });
  return { form, onSubmit, change };
}
