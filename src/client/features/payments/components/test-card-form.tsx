import { zodResolver } from "@hookform/resolvers/zod";
import { CreditCard } from "lucide-react";
import { type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { addCardSchema, type CardView, cardLabel } from "../../../../shared/payments";
import { FormAlert } from "../../../components/form-alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useAddCard } from "../api/cards";
import { TestModeNotice } from "./test-mode-notice";

type CardInput = z.input<typeof addCardSchema>;
type CardValues = z.output<typeof addCardSchema>;

/** The card's three fields, each on the numeric keypad with the card autofill of its kind. */
const cardFields = {
  number: {
    label: "Card number",
    autoComplete: "cc-number",
    placeholder: "4242 4242 4242 4242",
    maxLength: 30,
  },
  expiry: { label: "Expiry (MM/YY)", autoComplete: "cc-exp", placeholder: "12/30", maxLength: 7 },
  cvc: { label: "Security code", autoComplete: "cc-csc", placeholder: "123", maxLength: 4 },
} as const;

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
 * no number reaches our server). A refused card says why above the button and saves nothing.
 */
export function TestCardForm({
  onSaved,
  submitLabel = "Save card",
}: {
  onSaved?: (card: CardView) => void;
  submitLabel?: string;
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
        fields: ["number", "expiry", "cvc"],
        title: "Card not saved",
      });
    }
  });

  // A form of its own, never nested: the approval dialog renders this outside its own form.
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Add a card">
      <TestModeNotice />
      <CardField form={form} name="number" />
      <div className="grid grid-cols-2 gap-4">
        <CardField form={form} name="expiry" />
        <CardField form={form} name="cvc" />
      </div>
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
    </form>
  );
}
