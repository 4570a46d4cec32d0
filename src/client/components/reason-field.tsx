import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { FormField } from "./ui/form-field";
import { Textarea } from "./ui/textarea";

/**
 * The written reason or note a dialog asks for (why you cancel, withdraw, report; what you checked): a
 * required textarea of `rows` lines and at most `maxLength` characters, registered on `form` as `name`, with
 * the field's error under it.
 */
export function ReasonField<T extends FieldValues, TOutput>({
  form,
  name,
  label,
  description,
  placeholder,
  rows = 3,
  maxLength = 500,
}: {
  form: UseFormReturn<T, unknown, TOutput>;
  name: Path<T>;
  label: string;
  description?: string;
  placeholder?: string;
  rows?: number;
  maxLength?: number;
}) {
  return (
    <FormField
      label={label}
      required
      description={description}
      error={form.getFieldState(name, form.formState).error?.message}
    >
      <Textarea
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-required="true"
        {...form.register(name)}
      />
    </FormField>
  );
}
