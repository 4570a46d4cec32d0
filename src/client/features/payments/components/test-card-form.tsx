import { zodResolver } from "@hookform/resolvers/zod";
import { CreditCard } from "lucide-react";
import { useImperativeHandle } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { addCardSchema, type CardView, cardLabel } from "../../../../shared/payments";
import { FormAlert } from "../../../components/form-alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { failureMessage, reportSubmitFailure, showServerFieldErrors } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useAddCard } from "../api/cards";
import { type CardSaveResult, checkCardFields, type EmbeddedCardForm } from "./card-form-handle";
import { TestModeNotice } from "./test-mode-notice";

type CardInput = z.input<typeof addCardSchema>;
type CardValues = z.output<typeof addCardSchema>;

/**
 * The card's three fields, each on the numeric keypad with the card autofill of its kind. The placeholders
 * are words, never digits: a realistic number in grey reads as a card already typed (the test card to type is
 * in the test-mode notice above).
 */
const cardFields = {
  number: { label: "Card number", autoComplete: "cc-number", placeholder: "Card number", maxLength: 30 },
  expiry: { label: "Expiry (MM/YY)", autoComplete: "cc-exp", placeholder: "MM / YY", maxLength: 7 },
  cvc: { label: "Security code", autoComplete: "cc-csc", placeholder: "CVC", maxLength: 4 },
} as const;
const cardFieldNames = ["number", "expiry", "cvc"] as const;

function CardField({
  form,
  name,
}: {
  form: UseFormReturn<CardInput, unknown, CardValues>;
  name: keyof typeof cardFields;
}) {
  const { label, ...input } = cardFields[name];
  return (
    <FormField label={label} required error={form.formState.errors[name]?.message}>
      <Input inputMode="numeric" {...input} aria-required="true" {...form.register(name)} />
    </FormField>
  );
}

/**
 * The embedded test processor's card form (with Stripe keys set, Stripe's own form takes the card instead and
 * no number reaches our server). A refused card says why above the button and saves nothing; `embedded`, the
 * owner's action saves it and says why it was not saved.
 */
export function TestCardForm({
  onSaved,
  submitLabel = "Save card",
  embedded,
}: {
  onSaved?: (card: CardView) => void;
  submitLabel?: string;
  embedded?: EmbeddedCardForm;
}) {
  const add = useAddCard();
  const form = useForm<CardInput, unknown, CardValues>({
    resolver: zodResolver(addCardSchema),
    defaultValues: { number: "", expiry: "", cvc: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await add.mutateAsync(values);
      toast({ title: answer.message, description: cardLabel(answer.card), variant: "success" });
      form.reset();
      onSaved?.(answer.card);
    } catch (error) {
      reportSubmitFailure({
        error,
        setError: form.setError,
        fields: cardFieldNames,
        title: "Card not saved",
      });
    }
  });

  // Embedded: the same checks and the same request, answered to the owner's action instead of a toast. A
  // field's problem still shows under it, with focus on the first.
  const { mutateAsync } = add;
  useImperativeHandle(
    embedded?.handle,
    () => ({
      save: () =>
        new Promise<CardSaveResult>((resolve) => {
          void form.handleSubmit(
            async (values) => {
              try {
                const answer = await mutateAsync(values);
                form.reset();
                onSaved?.(answer.card);
                resolve(answer);
              } catch (error) {
                showServerFieldErrors(form.setError, error, cardFieldNames);
                resolve({ card: null, message: failureMessage(error) });
              }
            },
            () => resolve({ card: null, message: checkCardFields }),
          )();
        }),
    }),
    [form, mutateAsync, onSaved],
  );

  // A form of its own, never nested: the approval dialog renders this outside its own form. Embedded, it has
  // no submit button, and with several fields the browser then never submits it on Enter: Enter in a field
  // runs the owner's action itself.
  return (
    <form
      noValidate
      onSubmit={
        embedded
          ? (event) => {
              event.preventDefault();
              embedded.onSubmit();
            }
          : onSubmit
      }
      onKeyDown={
        embedded
          ? (event) => {
              if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
              if (!(event.target instanceof HTMLInputElement)) return;
              event.preventDefault();
              embedded.onSubmit();
            }
          : undefined
      }
      className="grid gap-4"
      aria-label="Add a card"
    >
      <TestModeNotice />
      <CardField form={form} name="number" />
      <div className="grid grid-cols-2 gap-4">
        <CardField form={form} name="expiry" />
        <CardField form={form} name="cvc" />
      </div>
      {embedded ? null : (
        <>
          <FormAlert message={errors.root?.message} />
          <div>
            <Button
              type="submit"
              variant="secondary"
              pending={add.isPending}
              pendingLabel="Saving card..."
              icon={<CreditCard className="size-4" aria-hidden="true" />}
            >
              {submitLabel}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
