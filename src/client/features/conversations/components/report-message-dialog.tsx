import { zodResolver } from "@hookform/resolvers/zod";
import { Flag } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { reportMessageSchema } from "../../../../shared/conversations";
import { FormAlert } from "../../../components/form-alert";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { Button } from "../../../components/ui/button";
import { reportSubmitFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useReportMessage } from "../api/conversation";

type ReportInput = z.input<typeof reportMessageSchema>;
type ReportValues = z.output<typeof reportMessageSchema>;

/** 'Report' under another person's message: a reason for our team, then POST …/messages/:id/report. */
export function ReportMessageDialog({
  jobId,
  messageId,
  senderName,
  sentAt,
}: {
  jobId: string;
  messageId: string;
  senderName: string;
  /** When it was sent, as the thread shows it: tells the thread's 'Report' buttons apart by name. */
  sentAt: string;
}) {
  const report = useReportMessage();
  const form = useForm<ReportInput, unknown, ReportValues>({
    resolver: zodResolver(reportMessageSchema),
    defaultValues: { reason: "" },
  });
  const { dialog, close } = useDialogState({ onClose: () => form.reset() });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await report.mutateAsync({ jobId, messageId, reason: values.reason });
      toast({ title: answer.message, variant: "success" });
      close();
      form.reset();
    } catch (error) {
      reportSubmitFailure({ error, setError: form.setError, fields: ["reason"], title: "Report not sent" });
    }
  });
  return (
    <FormDialog
      dialog={dialog}
      trigger={
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7 px-1.5 text-xs font-medium text-slate-600"
          aria-label={`Report the message from ${senderName} sent ${sentAt}`}
          icon={<Flag className="size-3.5" aria-hidden="true" />}
        >
          Report
        </Button>
      }
      title="Report this message"
      description="Tell our team what is wrong with it: abuse, spam, a request to pay outside GreenScape…"
      onSubmit={onSubmit}
      submitLabel="Send report"
      pendingLabel="Sending..."
      pending={report.isPending}
      submitVariant="destructive"
    >
      <ReasonField form={form} name="reason" label="What is wrong" />
      <FormAlert message={form.formState.errors.root?.message} />
    </FormDialog>
  );
}
