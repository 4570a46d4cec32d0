import type { FieldErrors, FieldValues, Path, UseFormRegister } from "react-hook-form";
import type { Address } from "../../shared/address";
import { FormField } from "./ui/form-field";
import { Input, ZipInput } from "./ui/input";

/**
 * Street, city, state and ZIP for any form whose schema spreads the shared `addressSchema` (customer and
 * landscaper profiles). Laid out on a six-column grid: the street across, the other three a third each.
 */
export function AddressFields<T extends FieldValues & Address>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const field = (name: keyof Address) => name as Path<T>;
  const message = (name: keyof Address) => errors[name]?.message as string | undefined;
  return (
    <>
      <FormField label="Street address" required error={message("streetAddress")} className="sm:col-span-6">
        <Input autoComplete="street-address" aria-required="true" {...register(field("streetAddress"))} />
      </FormField>
      <FormField label="City" required error={message("city")} className="sm:col-span-2">
        <Input autoComplete="address-level2" aria-required="true" {...register(field("city"))} />
      </FormField>
      <FormField label="State" required error={message("state")} className="sm:col-span-2">
        <Input autoComplete="address-level1" aria-required="true" {...register(field("state"))} />
      </FormField>
      <FormField label="ZIP code" required error={message("zipCode")} className="sm:col-span-2">
        <ZipInput aria-required="true" {...register(field("zipCode"))} />
      </FormField>
    </>
  );
}
