import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { zipInAddress } from "../../../../shared/address";
import { type QuoteRequest, type QuoteRequestInput, quoteRequestSchema } from "../../../../shared/jobs";
import { isSizeTier } from "../../../../shared/pricing";
import { estimateOf, type QuoteSummary } from "../../../../shared/quotes";
import { canRecur, type Frequency } from "../../../../shared/recurring";
import { jobLabel } from "../../../../shared/services";
import { FormAlert } from "../../../components/form-alert";
import { FormField } from "../../../components/ui/form-field";
import { EmailInput, Input, PhoneInput, ZipInput } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { ApiError } from "../../../lib/api-client";
import { showServerFieldErrors } from "../../../lib/form-errors";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { useSession } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { useHydrated } from "../../../lib/use-hydrated";
import { cn } from "../../../lib/utils";
import { useCustomerProfile } from "../../customers";
import { FrequencyChoice, firstVisitLabel } from "../../series";
import { useServicePrices } from "../api/service-prices";
import { useSubmitQuote } from "../api/submit-quote";
import { useFirmPrice } from "../hooks/use-firm-price";
import { useLotRecords } from "../hooks/use-lot-records";
import { useToday } from "../hooks/use-today";
import { firmRepeatNote, servicePriceText } from "../lib/firm-price-text";
import { rememberSentQuote } from "../lib/sent-quotes";
import { EstimatePanel } from "./estimate-panel";
import { FirmPricePanel } from "./firm-price-panel";
import { FormSection } from "./form-section";
import { GrassHeightQuestion } from "./grass-height-question";
import { LawnSizeQuestion, recordsNote } from "./lawn-size-question";
import { PhotoField } from "./photo-field";
import { ServicePicker } from "./service-picker";
import { SubmitBar } from "./submit-bar";

const fieldNames = [
  "fullName",
  "email",
  "phone",
  "address",
  "zipCode",
  "services",
  "preferredDate",
  "additionalNotes",
  "frequency",
  "sizeTier",
  "grassHeight",
] as const;

const emptyValues: QuoteRequestInput = {
  fullName: "",
  email: "",
  phone: "",
  address: "",
  zipCode: "",
  services: [],
  preferredDate: "",
  additionalNotes: "",
  frequency: "one_time",
  // No size chosen: the customer picks one (or "Not sure"); left unanswered, the server takes "not sure".
  sizeTier: undefined,
  grassHeight: "normal",
  website: "",
};

const PHOTO_INPUT_ID = "quote-photo";

/**
 * The instant quote form. The shared quoteRequestSchema gives every message here and on the server; one
 * idempotency key per form fill makes a double click or a retried request create a single job.
 */
export function QuoteForm() {
  const navigate = useNavigate();
  // "Book <name>" on a pro's profile (issue 36) comes here with ?pro=<their address>: the choice of pros after
  // the quote puts them first.
  const [searchParams] = useSearchParams();
  const fromProfile = searchParams.get("pro") ?? undefined;
  const { user } = useSession();
  const isCustomer = user?.role === "customer";
  const profile = useCustomerProfile(isCustomer);
  const prices = useServicePrices();
  const submit = useSubmitQuote();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const today = useToday();
  const hydrated = useHydrated();

  const form = useForm<QuoteRequestInput, unknown, QuoteRequest>({
    resolver: zodResolver(quoteRequestSchema),
    defaultValues: emptyValues,
  });
  const { errors } = form.formState;
  const selected = useWatch({ control: form.control, name: "services" }) ?? [];
  const addressZip = zipInAddress(useWatch({ control: form.control, name: "address" }) ?? "");
  const estimate = prices.data ? estimateOf(prices.data.services, selected) : null;
  const frequency = useWatch({ control: form.control, name: "frequency" }) ?? "one_time";
  const recurring = frequency !== "one_time";
  const sizeTier = useWatch({ control: form.control, name: "sizeTier" }) ?? "not_sure";
  const grassHeight = useWatch({ control: form.control, name: "grassHeight" }) ?? "normal";
  const { price, card } = useFirmPrice({ services: selected, sizeTier, frequency, grassHeight });
  const { askRecords, found, sizePicked } = useLotRecords(form);

  // A service that does not recur (mulch, leaves, clean-up) makes the request one time again.
  const recurs = canRecur(selected);
  useEffect(() => {
    if (!recurs && form.getValues("frequency") !== "one_time") form.setValue("frequency", "one_time");
  }, [recurs, form]);

  // A signed-in customer starts from their account and onboarding details, where they have not typed.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !isCustomer || !user || profile.isPending) return;
    prefilled.current = true;
    const saved = profile.data?.profile;
    const details = {
      fullName: saved?.fullName ?? user.name,
      email: user.email,
      phone: saved?.phoneNumber ?? "",
      address: saved ? `${saved.streetAddress}, ${saved.city}, ${saved.state}` : "",
      zipCode: saved?.zipCode ?? "",
    };
    // Only into fields still empty: the profile may arrive after the person started typing.
    for (const [name, value] of Object.entries(details) as [keyof typeof details, string][]) {
      if (value && !form.getValues(name)) form.setValue(name, value);
    }
    // A commercial property goes to a landscaper's own price, as over an acre does.
    if (saved?.propertyType === "commercial" && !sizePicked.current) form.setValue("sizeTier", "large");
  }, [isCustomer, user, profile.isPending, profile.data, form, sizePicked.current]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (photoError) {
      document.getElementById(PHOTO_INPUT_ID)?.focus();
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const { quote } = await submit.mutateAsync({ values: { ...values, idempotencyKey }, photo });
      // So sign-up and onboarding don't ask again, and the dashboard can show it before the email is confirmed.
      rememberSentQuote({
        number: quote.number,
        fullName: values.fullName,
        email: values.email,
        phone: values.phone,
        address: values.address,
        zipCode: quote.zipCode,
        services: quote.services,
        preferredDate: quote.preferredDate,
      });
      toast({
        title: "Request sent successfully!",
        description: quote.number
          ? `${jobLabel(quote.number)} is now open to landscapers near you.`
          : "Your request is now open to landscapers near you.",
        variant: "success",
      });
      void navigate("/quote-submitted", {
        state: { quote, frequency: values.frequency, pro: fromProfile } satisfies {
          quote: QuoteSummary;
          frequency: Frequency;
          pro: string | undefined;
        },
      });
    } catch (error) {
      inFlight.current = false;
      if (error instanceof ApiError) {
        const photoRefused = error.code === "payload_too_large" || error.code === "unsupported_file";
        if (photoRefused) {
          setPhotoError(error.message);
          document.getElementById(PHOTO_INPUT_ID)?.focus();
        }
        // A refusal no field explains stays above the button until the next try (the toast goes away).
        if (!showServerFieldErrors(form.setError, error, fieldNames) && !photoRefused) {
          form.setError("root", { message: error.message });
        }
        toast({ title: "Error submitting request", description: error.message, variant: "destructive" });
      } else {
        const offline = "We couldn't reach our server. Please check your connection and try again.";
        form.setError("root", { message: offline });
        toast({ title: "Error submitting request", description: offline, variant: "destructive" });
      }
    }
  });

  const busy = form.formState.isSubmitting || submit.isPending || submit.isSuccess;

  return (
    <form noValidate onSubmit={onSubmit} className="relative grid gap-6" aria-label="Instant quote request">
      {/* `contents`: the fieldset adds no box, its children stay the form's grid items. */}
      <fieldset disabled={!hydrated} className="contents">
        <FormSection
          step={1}
          title="Your property"
          description="Where the work will be done, and how big it is."
        >
          <div className={cn("grid gap-5", !addressZip && "sm:grid-cols-[minmax(0,1fr)_9rem]")}>
            <FormField
              label="Property address"
              required
              error={errors.address?.message}
              description={addressZip ? `ZIP code ${addressZip}, from the address.` : undefined}
            >
              <Input
                autoComplete="street-address"
                placeholder="Street, city, ZIP"
                aria-required="true"
                {...form.register("address", { onBlur: askRecords })}
              />
            </FormField>
            {/* Asked apart only when the address does not end with a ZIP. */}
            {addressZip ? null : (
              <FormField label="ZIP code" required error={errors.zipCode?.message}>
                <ZipInput
                  placeholder="e.g. 28203"
                  aria-required="true"
                  {...form.register("zipCode", { onBlur: askRecords })}
                />
              </FormField>
            )}
          </div>
          <Controller
            control={form.control}
            name="sizeTier"
            render={({ field, fieldState }) => (
              <LawnSizeQuestion
                value={field.value}
                onChange={(next) => {
                  sizePicked.current = true;
                  field.onChange(next);
                }}
                onBlur={field.onBlur}
                firstRef={field.ref}
                error={fieldState.error?.message}
                records={found ? recordsNote(found.lotSqFt, found.source) : null}
              />
            )}
          />
        </FormSection>
        <FormSection
          step={2}
          title="Services"
          description="Tick what you need and how often: your price updates as you go."
        >
          <Controller
            control={form.control}
            name="services"
            render={({ field, fieldState }) => (
              <ServicePicker
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                firstRef={field.ref}
                prices={prices.data?.services}
                pricesFailed={prices.isError}
                error={fieldState.error?.message}
                firmPriceOf={
                  card && isSizeTier(sizeTier)
                    ? (id) => servicePriceText(id, { tier: sizeTier, frequency, card })
                    : undefined
                }
              />
            )}
          />
          <Controller
            control={form.control}
            name="frequency"
            render={({ field, fieldState }) => (
              <FrequencyChoice
                services={selected}
                repeatNote={isSizeTier(sizeTier) ? firmRepeatNote : undefined}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                firstRef={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          {isSizeTier(sizeTier) ? (
            <Controller
              control={form.control}
              name="grassHeight"
              render={({ field }) => (
                <GrassHeightQuestion
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  firstRef={field.ref}
                  card={card}
                />
              )}
            />
          ) : null}
          {price ? (
            <FirmPricePanel price={price} frequency={frequency} />
          ) : (
            <EstimatePanel
              estimate={estimate}
              count={selected.length}
              unavailable={prices.isError}
              perVisit={recurring}
              sizeKnown={isSizeTier(sizeTier)}
            />
          )}
        </FormSection>

        <FormSection
          step={3}
          title="Date and details"
          description="Pick a day that suits you: the landscaper takes it or offers another, and you approve."
        >
          <FormField
            label={firstVisitLabel(frequency)}
            required
            error={errors.preferredDate?.message}
            className="sm:max-w-xs"
          >
            <Input type="date" min={today} aria-required="true" {...form.register("preferredDate")} />
          </FormField>
          {/* After the date, so the keyboard goes services, date, then how often. */}
          <PhotoField
            id={PHOTO_INPUT_ID}
            file={photo}
            error={photoError}
            disabled={busy}
            onChange={(file, problem) => {
              setPhoto(file);
              setPhotoError(problem);
            }}
          />
          <FormField label="Additional notes (optional)" error={errors.additionalNotes?.message}>
            <Textarea
              maxLength={2000}
              placeholder="Gate codes, pets, areas to focus on…"
              {...form.register("additionalNotes")}
            />
          </FormField>
        </FormSection>

        <FormSection
          step={4}
          title="Your details"
          description="So we can send your request and the landscaper can reach you."
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Full name" required error={errors.fullName?.message} className="sm:col-span-2">
              <Input autoComplete="name" aria-required="true" {...form.register("fullName")} />
            </FormField>
            <FormField label="Email" required error={errors.email?.message}>
              <EmailInput aria-required="true" {...form.register("email")} />
            </FormField>
            <FormField label="Phone number" required error={errors.phone?.message}>
              <PhoneInput aria-required="true" {...form.register("phone")} />
            </FormField>
          </div>
        </FormSection>

        {/* The honeypot: invisible and unreachable for people, tempting for bots that fill every field. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden opacity-0"
        >
          <label htmlFor="quote-website">Website</label>
          <input
            id="quote-website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            {...form.register("website")}
          />
        </div>

        <FormAlert message={form.formState.errors.root?.message} />
        <SubmitBar price={price} frequency={frequency} busy={busy} />
      </fieldset>
    </form>
  );
}
