import type * as React from "react";
import type { FieldErrors, FieldValues, Path, UseFormRegister } from "react-hook-form";
import { FormField } from "./ui/form-field";
import { Input, PhoneInput } from "./ui/input";

interface Person {
  fullName: string;
  phoneNumber: string;
}

/**
 * Full name and phone number, half a six-column row each, for the profile forms; `children` go between
 * them (the landscaper's business name).
 */
export function PersonFields<T extends FieldValues & Person>({
  register,
  errors,
  children,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<Person>;
  children?: React.ReactNode;
}) {
  return (
    <>
      <FormField label="Full name" required error={errors.fullName?.message} className="sm:col-span-3">
        <Input autoComplete="name" aria-required="true" {...register("fullName" as Path<T>)} />
      </FormField>
      {children}
      <FormField label="Phone number" required error={errors.phoneNumber?.message} className="sm:col-span-3">
        <PhoneInput aria-required="true" {...register("phoneNumber" as Path<T>)} />
      </FormField>
    </>
  );
}
