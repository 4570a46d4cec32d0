import { zodResolver } from "@hookform/resolvers/zod";
import { Building2, House } from "lucide-react";
import { useForm } from "react-hook-form";
import {
  type CustomerProfileAnswer,
  type CustomerProfileInput,
  type CustomerProfileValues,
  customerProfileSchema,
  propertyTypeLabel,
  propertyTypes,
} from "../../../../shared/customers";
import { AddressFields } from "../../../components/address-fields";
import { FormActions } from "../../../components/form-actions";
import { FormAlert } from "../../../components/form-alert";
import { PersonFields } from "../../../components/person-fields";
import { FieldError } from "../../../components/ui/form-field";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { choiceCard, choiceInput } from "../../../lib/styles";
import { cn } from "../../../lib/utils";
import { useSaveCustomerProfile } from "../api/customer-profile";

const fieldNames = [
  "fullName",
  "streetAddress",
  "city",
  "state",
  "zipCode",
  "phoneNumber",
  "propertyType",
] as const;

const propertyIcons = { residential: House, commercial: Building2 } as const;

interface CustomerProfileFormProps {
  defaultValues: CustomerProfileInput;
  submitLabel: string;
  busyLabel: string;
  onSaved: (answer: CustomerProfileAnswer, values: CustomerProfileValues) => void;
  /** The toast title when the request never reached the server. */
  exceptionTitle?: string;
  /** Shows a secondary button next to submit (the profile tab's "Cancel"). */
  onCancel?: () => void;
}

/**
 * What the form starts with: a returning customer's saved details (only the form's fields), or for a new
 * one the name they signed up with and the defaults (NC, residential).
 */
export function customerProfileDefaults(
  saved: CustomerProfileInput | null | undefined,
  name: string,
): CustomerProfileInput {
  if (saved) {
    const { fullName, streetAddress, city, state, zipCode, phoneNumber, propertyType } = saved;
    return { fullName, streetAddress, city, state, zipCode, phoneNumber, propertyType };
  }
  return {
    fullName: name,
    streetAddress: "",
    city: "",
    state: "NC",
    zipCode: "",
    phoneNumber: "",
    propertyType: "residential",
  };
}

/**
 * The customer's service address and contact details: client onboarding and the dashboard's profile tab.
 * Messages come from the shared customerProfileSchema, the same one the server checks.
 */
export function CustomerProfileForm({
  defaultValues,
  submitLabel,
  busyLabel,
  onSaved,
  exceptionTitle = "Error completing onboarding",
  onCancel,
}: CustomerProfileFormProps) {
  const save = useSaveCustomerProfile();
  const form = useForm<CustomerProfileInput, unknown, CustomerProfileValues>({
    resolver: zodResolver(customerProfileSchema),
    defaultValues,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      onSaved(answer, values);
    } catch (error) {
      reportSubmitFailure({
        error,
        setError: form.setError,
        fields: fieldNames,
        title: "Error saving profile",
        offlineTitle: exceptionTitle,
      });
    }
  });

  const busy = form.formState.isSubmitting || save.isPending;
  const propertyError = errors.propertyType?.message;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div className="grid items-start gap-5 sm:grid-cols-6">
        <PersonFields register={form.register} errors={errors} />
        <AddressFields register={form.register} errors={errors} />
      </div>

      <fieldset aria-describedby={propertyError ? "property-type-error" : undefined} className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Property type</legend>
        {/* One card a row on phones: two side by side left 'Commercial' running over its card's border. */}
        <div className="grid gap-3 sm:grid-cols-2">
          {propertyTypes.map((type) => {
            const Icon = propertyIcons[type];
            return (
              <label
                key={type}
                className={cn(
                  choiceCard,
                  "flex items-center gap-3 px-4 py-3 text-sm font-medium text-slate-800 transition-colors hover:border-brand-600 has-[:checked]:text-brand-900",
                )}
              >
                <input type="radio" value={type} className={choiceInput} {...form.register("propertyType")} />
                <Icon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                {propertyTypeLabel[type]}
              </label>
            );
          })}
        </div>
        <FieldError id="property-type-error" message={propertyError} />
      </fieldset>

      <FormAlert message={errors.root?.message} />
      <FormActions
        busy={busy}
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        onCancel={onCancel}
        className="pt-1"
      />
    </form>
  );
}
