import { zodResolver } from "@hookform/resolvers/zod";
import { Flag } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { JobView } from "../../../../shared/jobs";
import { problemReasonLabel, problemReasons, reportProblemSchema } from "../../../../shared/proof";
import { jobLabel } from "../../../../shared/services";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { FieldError } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api-client";
import { failureMessage, showServerFieldErrors } from "../../../lib/form-errors";
import { choiceCard, choiceInput } from "../../../lib/styles";
import { toast } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { useReportProblem } from "../api/disputes";
import { useUploadThen } from "../hooks/use-upload-then";
import { PhotoPicker } from "./photo-picker";

type ReportInput = z.input<typeof reportProblemSchema>;
type ReportValues = z.output<typeof reportProblemSchema>;

/**
 * 'Report a problem' with completed work: what went wrong (a reason and a description) and, if they help,
 * photos. The photos are uploaded first, then the report is sent; nothing is charged until it is resolved.
 */
export function ReportProblemDialog({ job }: { job: JobView }) {
  const report = useReportProblem();
  const photos = useUploadThen(job, "problem");
  const form = useForm<ReportInput, unknown, ReportValues>({
    resolver: zodResolver(reportProblemSchema),
    defaultValues: { note: "" },
  });
  const { errors } = form.formState;
  const busy = photos.uploading || report.isPending;
  const { dialog, close } = useDialogState({
    locked: busy,
    onClose: () => {
      form.reset();
      photos.clear();
    },
  });
  const reasonErrorId = `report-${job.id}-reason-error`;

  const onSubmit = form.handleSubmit(({ reason, note }) =>
    photos.uploadThen(async () => {
      try {
        const answer = await report.mutateAsync({ jobId: job.id, reason, note });
        toast({ title: answer.message, variant: "success" });
        close();
        form.reset();
      } catch (error) {
        if (showServerFieldErrors(form.setError, error, ["reason", "note"])) return;
        if (error instanceof ApiError && error.code === "conflict") {
          toast({
            title: error.message,
            description: "Your job has been refreshed.",
            variant: "destructive",
          });
          close();
          return;
        }
        form.setError("root", { message: failureMessage(error) });
      }
    }),
  );

  return (
    <FormDialog
      dialog={dialog}
      trigger={{ label: "Report a problem", icon: Flag, variant: "outline" }}
      // The job number breaks at its hyphen otherwise ("JOB-" / "1061") on a phone.
      title={
        <>
          Report a problem with <span className="whitespace-nowrap">{jobLabel(job.number)}</span>
        </>
      }
      description={
        <>
          {job.landscaperName ?? "Your landscaper"} and our team read your report. Nothing is charged to your
          card until it is resolved.
        </>
      }
      onSubmit={onSubmit}
      {...photos.labels({
        submit: "Send report",
        withPhotos: "Upload photos and send",
        pending: "Sending...",
      })}
      pending={busy}
      cancelLabel="Back"
    >
      <fieldset className="grid min-w-0 gap-2" aria-describedby={errors.reason ? reasonErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">
          What went wrong?
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        </legend>
        {problemReasons.map((reason) => (
          <label
            key={reason}
            className={cn(choiceCard, "flex min-h-11 items-center gap-3 px-3 py-2 text-sm text-slate-900")}
          >
            <input type="radio" value={reason} className={choiceInput} {...form.register("reason")} />
            {problemReasonLabel[reason]}
          </label>
        ))}
        <FieldError id={reasonErrorId} message={errors.reason?.message} />
      </fieldset>
      <ReasonField
        form={form}
        name="note"
        label="Tell us more"
        placeholder="For example: the back yard was not mowed, a flower bed was damaged…"
        rows={4}
        maxLength={2000}
      />
      <PhotoPicker {...photos.picker} label="Photos of the problem (optional)" disabled={busy} />
      <FormAlert message={errors.root?.message} />
    </FormDialog>
  );
}
