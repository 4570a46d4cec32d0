import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, CircleMinus, CircleX } from "lucide-react";
import { Controller, useForm, useWatch } from "react-hook-form";
import {
  type ApplicationView,
  adminMessages,
  type ReviewApplicationInput,
  type ReviewApplicationValues,
  reviewApplicationSchema,
} from "../../../../shared/admin";
import { documentLabels, documentTypes } from "../../../../shared/landscapers";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormField } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api-client";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useReviewApplication } from "../api/admin-api";

/** "Carlos Rivera's", "James Morris's": the name the dialog asks about. */
export function possessive(name: string): string {
  return `${name}'s`;
}

function titleOf(type: (typeof documentTypes)[number]) {
  return documentLabels[type].title;
}

/** "Liability Insurance", "Proof of ID and Liability Insurance". */
function listOf(titles: string[]): string {
  return titles.length <= 1 ? (titles[0] ?? "") : `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}`;
}

/** Each document the application asks for: uploaded, missing (required) or not sent (optional). */
function DocumentChecklist({ application }: { application: ApplicationView }) {
  const present = new Set(application.documents.map((d) => d.documentType));
  return (
    <div className="grid gap-1.5 text-sm">
      <p className="font-medium text-slate-900">Documents</p>
      <ul className="grid gap-1" aria-label="Documents">
        {documentTypes.map((type) => {
          const label = documentLabels[type];
          const uploaded = present.has(type);
          const [Icon, tone, state] = uploaded
            ? [CircleCheck, "text-brand-700", "uploaded"]
            : label.required
              ? [CircleX, "text-red-700", "missing (required)"]
              : [CircleMinus, "text-slate-500", "not sent (optional)"];
          return (
            <li key={type} className="flex items-center gap-2">
              <Icon className={`size-4 shrink-0 ${tone}`} aria-hidden="true" />
              <span className="text-slate-900">{label.title}</span>
              <span
                className={uploaded ? "text-slate-600" : label.required ? "text-red-800" : "text-slate-600"}
              >
                — {state}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * 'Approve Carlos Rivera's application?': what the applicant sent, and when a required document is missing
 * an override that needs a reason (the server checks the documents again and keeps the reason). The notes
 * typed on the card go with the decision.
 */
export function ApproveApplicationDialog({
  application,
  notes,
  disabled,
}: {
  application: ApplicationView;
  notes: string;
  disabled: boolean;
}) {
  const review = useReviewApplication();
  const defaults: ReviewApplicationInput = { overrideMissingDocuments: false, overrideReason: "" };
  const form = useForm<ReviewApplicationInput, unknown, ReviewApplicationValues>({
    resolver: zodResolver(reviewApplicationSchema),
    defaultValues: defaults,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { dialog, close } = useDialogState({ onClose: () => form.reset(defaults) });
  const overriding = useWatch({ control: form.control, name: "overrideMissingDocuments" }) === true;
  const missing = application.missingDocuments.map(titleOf);
  const name = application.fullName;

  const onSubmit = form.handleSubmit(async (values) => {
    if (missing.length > 0 && !values.overrideMissingDocuments) {
      form.setError(
        "overrideMissingDocuments",
        {
          message: `Tick this to approve without ${listOf(missing)}, or wait until ${missing.length === 1 ? "it is" : "they are"} uploaded.`,
        },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const answer = await review.mutateAsync({
        userId: application.userId,
        decision: "approve",
        notes,
        expectedStatus: application.status,
        ...(missing.length > 0
          ? { overrideMissingDocuments: true, overrideReason: values.overrideReason }
          : {}),
      });
      toast({ title: answer.message, variant: "success" });
      close();
    } catch (error) {
      reportSubmitFailure({
        error,
        setError: form.setError,
        fields: ["overrideReason"],
        title: adminMessages.approveFailed,
      });
      // Decided by another admin meanwhile: the refreshed list shows where it stands.
      if (error instanceof ApiError && error.code === "conflict") close();
    }
  });

  return (
    <FormDialog
      dialog={dialog}
      trigger={{
        label: "Approve",
        icon: CircleCheck,
        disabled,
        ariaLabel: `Approve ${name}`,
      }}
      title={`Approve ${possessive(name)} application?`}
      description={
        missing.length > 0
          ? `${listOf(missing)} ${missing.length === 1 ? "is" : "are"} missing. ${name} can accept jobs as soon as you approve, and is emailed that the application is approved.`
          : `${name} can accept jobs in their service area as soon as you approve, and is emailed that the application is approved.`
      }
      onSubmit={onSubmit}
      submitLabel={missing.length > 0 ? "Approve anyway" : "Approve"}
      // Without the documents this is the exception, not the safe default: outlined until the override is ticked.
      submitVariant={missing.length > 0 && !overriding ? "outline" : "default"}
      pendingLabel="Approving..."
      pending={review.isPending}
    >
      <DocumentChecklist application={application} />
      {missing.length > 0 ? (
        <>
          <Controller
            control={form.control}
            name="overrideMissingDocuments"
            render={({ field, fieldState }) => (
              <FormField
                orientation="horizontal"
                label={`Approve without ${listOf(missing)}`}
                description="Only when you have checked them another way. Your reason is kept with the application."
                error={fieldState.error?.message}
              >
                <Checkbox
                  ref={field.ref}
                  name={field.name}
                  checked={field.value === true}
                  onCheckedChange={(value) => {
                    field.onChange(value === true);
                    form.clearErrors("overrideMissingDocuments");
                  }}
                  onBlur={field.onBlur}
                />
              </FormField>
            )}
          />
          {overriding ? (
            <ReasonField
              form={form}
              name="overrideReason"
              label="Why approve without them?"
              placeholder="For example: insurance certificate seen in person; the upload follows."
            />
          ) : null}
        </>
      ) : null}
      <FormAlert message={form.formState.errors.root?.message} />
    </FormDialog>
  );
}
