import { zodResolver } from "@hookform/resolvers/zod";
import { ExternalLink } from "lucide-react";
import type * as React from "react";
import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldValues,
  type Path,
  useForm,
} from "react-hook-form";
import { Link } from "react-router";
import {
  DEFAULT_TRAVEL_RADIUS,
  type LandscaperProfileInput,
  type LandscaperProfileValues,
  type LandscaperProfileView,
  landscaperMessages,
  landscaperProfileSchema,
  travelRadiusLabel,
  travelRadiusOptions,
} from "../../../../../shared/landscapers";
import { AddressFields } from "../../../../components/address-fields";
import { FormActions } from "../../../../components/form-actions";
import { FormAlert } from "../../../../components/form-alert";
import { PersonFields } from "../../../../components/person-fields";
import { Checkbox } from "../../../../components/ui/checkbox";
import { FormField } from "../../../../components/ui/form-field";
import { Input } from "../../../../components/ui/input";
import { Select } from "../../../../components/ui/select";
import { reportSubmitFailure } from "../../../../lib/form-errors";
import { toast } from "../../../../lib/toast";
import { useSaveLandscaperProfile } from "../../api/profile";

const fieldNames = [
  "fullName",
  "businessName",
  "phoneNumber",
  "streetAddress",
  "city",
  "state",
  "zipCode",
  "serviceZipCodes",
  "travelRadius",
  "backgroundCheckConsent",
  "termsConsent",
] as const;

const inlineLink =
  "inline-flex items-center gap-0.5 rounded-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/** Form values from a saved profile, or a blank form (with the session's name) for a new applicant. */
export function profileFormDefaults(
  profile: LandscaperProfileView | null | undefined,
  fallbackName = "",
): LandscaperProfileInput {
  return {
    fullName: profile?.fullName ?? fallbackName,
    businessName: profile?.businessName ?? "",
    phoneNumber: profile?.phoneNumber ?? "",
    streetAddress: profile?.streetAddress ?? "",
    city: profile?.city ?? "",
    state: profile?.state ?? "NC",
    zipCode: profile?.zipCode ?? "",
    serviceZipCodes: profile?.serviceZipCodes.join(", ") ?? "",
    travelRadius: String(profile?.travelRadius ?? DEFAULT_TRAVEL_RADIUS),
    // Consent is given once, at onboarding; editing the area later does not ask again.
    backgroundCheckConsent: Boolean(profile?.backgroundCheckConsentAt),
    termsConsent: Boolean(profile?.termsConsentAt),
  };
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      {/* A floated legend is laid out like any grid item instead of sitting in the fieldset's border. */}
      <fieldset className="grid gap-5">
        <legend className="float-left w-full text-lg font-semibold text-slate-900">{title}</legend>
        {description ? <p className="-mt-3 text-sm text-slate-600">{description}</p> : null}
        {children}
      </fieldset>
    </div>
  );
}

interface LandscaperProfileFormProps {
  defaultValues: LandscaperProfileInput;
  /** "onboarding" asks for consent; "edit" (the dashboard's profile tab) keeps the consent already given. */
  mode: "onboarding" | "edit";
  submitLabel: string;
  busyLabel: string;
  onSaved: (profile: LandscaperProfileView) => void;
  onCancel?: () => void;
}

/**
 * 'Personal & Business Info', 'Service Area' and 'Consent'. Every message comes from the shared
 * landscaperProfileSchema, which the server checks again.
 */
export function LandscaperProfileForm({
  defaultValues,
  mode,
  submitLabel,
  busyLabel,
  onSaved,
  onCancel,
}: LandscaperProfileFormProps) {
  const save = useSaveLandscaperProfile();
  const form = useForm<LandscaperProfileInput, unknown, LandscaperProfileValues>({
    resolver: zodResolver(landscaperProfileSchema),
    defaultValues,
  });
  const { errors } = form.formState;

  const onInvalid = (invalid: FieldErrors<LandscaperProfileInput>) => {
    if (invalid.backgroundCheckConsent || invalid.termsConsent) {
      toast({ title: landscaperMessages.consentToast, variant: "destructive" });
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { profile } = await save.mutateAsync(values);
      if (profile) onSaved(profile);
    } catch (error) {
      reportSubmitFailure({
        error,
        setError: form.setError,
        fields: fieldNames,
        title: "Error saving profile",
        offlineTitle: "Error submitting application",
      });
    }
  }, onInvalid);

  const busy = form.formState.isSubmitting || save.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-8">
      <Section title="Personal & Business Info">
        <div className="grid items-start gap-5 sm:grid-cols-6">
          <PersonFields register={form.register} errors={errors}>
            <FormField
              label="Business name"
              description="Optional."
              error={errors.businessName?.message}
              className="sm:col-span-3"
            >
              <Input autoComplete="organization" {...form.register("businessName")} />
            </FormField>
          </PersonFields>
          <AddressFields register={form.register} errors={errors} />
        </div>
      </Section>

      <Section
        title="Service Area"
        description="We match you with job requests in these ZIP codes and within your travel radius of them."
      >
        <div className="grid items-start gap-5 sm:grid-cols-6">
          <FormField
            label="ZIP codes you serve"
            required
            description="Separate ZIP codes with commas, e.g. 28202, 28203, 28205."
            error={errors.serviceZipCodes?.message}
            className="sm:col-span-4"
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              placeholder="e.g. 28202, 28203"
              aria-required="true"
              {...form.register("serviceZipCodes")}
            />
          </FormField>
          <FormField
            label="Travel radius"
            required
            error={errors.travelRadius?.message}
            className="sm:col-span-2"
          >
            <Select aria-required="true" {...form.register("travelRadius")}>
              {travelRadiusOptions.map((miles) => (
                <option key={miles} value={String(miles)}>
                  {travelRadiusLabel(miles)}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
      </Section>

      {mode === "onboarding" ? (
        <Section title="Consent" description="Both are required to work through GreenScape Charlotte.">
          <div className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <ConsentField
              control={form.control}
              name="backgroundCheckConsent"
              label="I authorize GreenScape Charlotte to run a background check on me."
              description="Checks are run by a licensed screening company and only used to review your application."
              error={errors.backgroundCheckConsent?.message}
            />
            <ConsentField
              control={form.control}
              name="termsConsent"
              label="I agree to the Terms of Service and Privacy Policy."
              description={
                <>
                  Read the <NewTabLink to="/terms-of-service">Terms of Service</NewTabLink> and the{" "}
                  <NewTabLink to="/privacy-policy">Privacy Policy</NewTabLink>.
                </>
              }
              error={errors.termsConsent?.message}
            />
          </div>
        </Section>
      ) : null}

      <FormAlert message={errors.root?.message} />
      <FormActions busy={busy} submitLabel={submitLabel} busyLabel={busyLabel} onCancel={onCancel} />
    </form>
  );
}

/** A link that opens in a new tab and says so, so the half-filled form stays where it is. */
function NewTabLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} target="_blank" rel="noreferrer" className={inlineLink}>
      {children}
      <ExternalLink className="size-3" aria-hidden="true" />
      <span className="sr-only"> (opens in a new tab)</span>
    </Link>
  );
}

/** A required consent box bound to the form: checked means `true`, anything else `false`. */
function ConsentField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  error,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  description: React.ReactNode;
  error: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField orientation="horizontal" required label={label} description={description} error={error}>
          <Checkbox
            ref={field.ref}
            name={field.name}
            checked={field.value === true}
            onCheckedChange={(value) => field.onChange(value === true)}
            onBlur={field.onBlur}
            aria-required="true"
          />
        </FormField>
      )}
    />
  );
}
