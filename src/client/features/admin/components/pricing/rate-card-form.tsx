import { zodResolver } from "@hookform/resolvers/zod";
import { Send, Undo2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { type Path, useForm, useWatch } from "react-hook-form";
import { addDaysIso, formatLongDate, formatShortDate, isValidIsoDate } from "../../../../../shared/dates";
import { sizeTierIds } from "../../../../../shared/pricing";
import {
  type AdminPricingAnswer,
  cardFrequencies,
  MAX_SCHEDULE_DAYS,
  type PublishedRateCard,
  type PublishRateCard,
  type PublishRateCardAnswer,
  type PublishRateCardInput,
  publishRateCardSchema,
  RATE_CARD_NOTE_MAX,
  rateCardFormValues,
  surchargedHeights,
} from "../../../../../shared/pricing-admin";
import { serviceIds } from "../../../../../shared/services";
import { FormAlert } from "../../../../components/form-alert";
import { ReasonField } from "../../../../components/reason-field";
import { Button } from "../../../../components/ui/button";
import { FormField } from "../../../../components/ui/form-field";
import { Input } from "../../../../components/ui/input";
import { Select } from "../../../../components/ui/select";
import { reportSubmitFailure } from "../../../../lib/form-errors";
import { usePublishRateCard } from "../../api/pricing-api";
import {
  baselineFor,
  changedFigures,
  changeLines,
  changesText,
  draftCard,
  previewLots,
} from "../../lib/pricing-preview";
import { FactorFields } from "./factor-fields";
import { LotPreviewTable } from "./lot-preview";
import { PriceGrid } from "./price-grid";
import { PublishDialog } from "./publish-dialog";

/** Every field the server may name, so its messages land beside their inputs. */
const fieldNames = [
  "effectiveFrom",
  "note",
  "minimumPerVisit",
  "prices",
  "frequencyPercent",
  "surchargePercent",
  ...serviceIds.flatMap((service) => sizeTierIds.map((tier) => `prices.${service}.${tier}` as const)),
  ...cardFrequencies.map((frequency) => `frequencyPercent.${frequency}` as const),
  ...surchargedHeights.map((height) => `surchargePercent.${height}` as const),
] satisfies Path<PublishRateCardInput>[];

/** The date a form starting from `card` proposes: a scheduled card's own day (to replace it), else today. */
const startDateOf = (card: PublishedRateCard, data: AdminPricingAnswer) =>
  card.version === data.inForce.version ? data.today : card.effectiveFrom;

/**
 * The next version, prefilled from the newest card (the last one scheduled, else the one in force), with the
 * sample lots priced live against the card it would replace, and "Publish version N" behind a confirmation
 * naming the version, its date and how many figures change.
 */
export function RateCardForm({
  data,
  onPublished,
  focusPublished,
}: {
  data: AdminPricingAnswer;
  onPublished: (answer: PublishRateCardAnswer, announced: number) => void;
  /** Moves focus to the page's success message, once the confirmation has gone. */
  focusPublished: () => void;
}) {
  const ids = { heading: useId(), grid: useId(), preview: useId(), summary: useId() };
  const cards = [data.inForce, ...data.scheduled];
  const [startVersion, setStartVersion] = useState(cards.at(-1)!.version);
  const startCard = cards.find((card) => card.version === startVersion) ?? data.inForce;
  const form = useForm<PublishRateCardInput, unknown, PublishRateCard>({
    resolver: zodResolver(publishRateCardSchema),
    defaultValues: rateCardFormValues(startCard, startDateOf(startCard, data)),
  });
  const publish = usePublishRateCard();
  const [confirming, setConfirming] = useState(false);
  const published = useRef(false);

  const values = useWatch({ control: form.control }) as PublishRateCardInput;
  const version = data.nextVersion;
  const draft = draftCard(values, version);
  const startsOn = isValidIsoDate(values.effectiveFrom ?? "") ? values.effectiveFrom : data.today;
  const baseline = baselineFor(startsOn, data.inForce, data.scheduled);
  const changes = changedFigures(baseline, draft);
  const later = data.scheduled.filter((card) => card.effectiveFrom > startsOn);
  const when = startsOn <= data.today ? "today" : `on ${formatLongDate(startsOn)}`;

  function startFrom(next: number) {
    const card = cards.find((c) => c.version === next) ?? data.inForce;
    setStartVersion(card.version);
    form.reset(rateCardFormValues(card, startDateOf(card, data), form.getValues("note")));
  }

  const onSubmit = form.handleSubmit(() => {
    published.current = false;
    if (changes.prices + changes.percentages === 0) {
      form.setError("root", {
        message: `Nothing differs from version ${baseline.version}, the card in force ${when}: change a figure first.`,
      });
      return;
    }
    setConfirming(true);
  });

  async function onConfirm() {
    try {
      const answer = await publish.mutateAsync(form.getValues());
      published.current = true;
      setConfirming(false);
      onPublished(answer, version);
    } catch (error) {
      setConfirming(false);
      reportSubmitFailure({ error, setError: form.setError, fields: fieldNames, title: "Not published" });
    }
  }

  /**
   * Once the dialog has gone: to the success message, or to the first field the server refused (else back
   * to Publish). Radix would otherwise return focus to Publish, taking it from either.
   */
  function focusAfterDialog(event: Event) {
    if (published.current) {
      event.preventDefault();
      focusPublished();
      return;
    }
    const refused = fieldNames.find((name) => form.getFieldState(name).error);
    if (!refused) return;
    event.preventDefault();
    form.setFocus(refused);
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-labelledby={ids.heading} className="grid gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid gap-1">
            <h2 id={ids.heading} className="text-lg font-semibold text-slate-900">
              New version {version}
            </h2>
            <p className="max-w-2xl text-sm text-slate-600">
              Prefilled from version {startCard.version}. A published version is never edited: a mistake is
              fixed by publishing another.
            </p>
          </div>
          {data.scheduled.length > 0 ? (
            <FormField label="Start from" className="sm:w-72">
              <Select
                value={String(startVersion)}
                onChange={(event) => startFrom(Number(event.target.value))}
              >
                {cards.map((card) => (
                  <option key={card.version} value={card.version}>
                    Version {card.version}
                    {card.version === data.inForce.version
                      ? " (in force)"
                      : ` (starts ${formatShortDate(card.effectiveFrom)})`}
                  </option>
                ))}
              </Select>
            </FormField>
          ) : null}
        </div>

        <fieldset className="grid min-w-0 gap-3" aria-describedby={`${ids.grid}-hint`}>
          <legend className="text-base font-semibold text-slate-900">Price per visit by lot size</legend>
          <p id={`${ids.grid}-hint`} className="-mt-1 text-sm text-slate-600">
            In dollars, before the frequency percentage. A changed price is highlighted.
          </p>
          <PriceGrid form={form} baseline={baseline} draft={draft} />
        </fieldset>

        <FactorFields form={form} baseline={baseline} draft={draft} />

        <section aria-labelledby={ids.preview} className="grid gap-3">
          <div className="grid gap-1">
            <h3 id={ids.preview} className="text-base font-semibold text-slate-900">
              Preview: five Charlotte lots
            </h3>
            <p id={ids.summary} role="status" className="text-sm text-slate-600">
              {changesText(changes)} from version {baseline.version}, the card in force {when}.
            </p>
          </div>
          <LotPreviewTable
            rows={previewLots(baseline, draft)}
            baselineVersion={baseline.version}
            headingId={ids.preview}
          />
        </section>

        <fieldset className="grid min-w-0 gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
          <legend className="mb-3 text-base font-semibold text-slate-900">When and why</legend>
          <FormField
            label="Starts on"
            required
            description={
              later.length > 0
                ? `Version ${later[0]!.version} still takes over on ${formatShortDate(later[0]!.effectiveFrom)}.`
                : "Today, or up to a year ahead."
            }
            error={form.formState.errors.effectiveFrom?.message}
          >
            <Input
              type="date"
              min={data.today}
              max={addDaysIso(data.today, MAX_SCHEDULE_DAYS)}
              aria-required="true"
              {...form.register("effectiveFrom")}
            />
          </FormField>
          <ReasonField
            form={form}
            name="note"
            label="Why the prices change"
            description="Other admins read this in the history; customers never see it."
            maxLength={RATE_CARD_NOTE_MAX}
          />
        </fieldset>

        <FormAlert message={form.formState.errors.root?.message} />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            size="lg"
            icon={<Undo2 className="size-4" aria-hidden="true" />}
            onClick={() => startFrom(startCard.version)}
          >
            Undo changes
          </Button>
          <Button type="submit" size="lg" icon={<Send className="size-4" aria-hidden="true" />}>
            Publish version {version}
          </Button>
        </div>
      </form>
      <PublishDialog
        open={confirming}
        onOpenChange={setConfirming}
        version={version}
        pending={publish.isPending}
        onConfirm={() => void onConfirm()}
        onCloseAutoFocus={focusAfterDialog}
        changes={changeLines(baseline, draft)}
        description={
          <>
            Version {version} takes effect {when}: {changesText(changes).toLowerCase()} from version{" "}
            {baseline.version}. Quotes already given keep their prices.
            {later.length > 0
              ? ` Version ${later[0]!.version}, scheduled for ${formatShortDate(later[0]!.effectiveFrom)}, still takes over on that day.`
              : ""}{" "}
            A published version is never edited.
          </>
        }
      />
    </>
  );
}
