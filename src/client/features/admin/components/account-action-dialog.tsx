import { zodResolver } from "@hookform/resolvers/zod";
import { Ban, MailCheck, RotateCcw, ShieldMinus } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  type AccountAction,
  accountActionConfirm,
  accountActionLabels,
  accountActionSchema,
} from "../../../../shared/account-actions";
import type { AdminUserView } from "../../../../shared/admin";
import { FormDialog, useDialogState } from "../../../components/form-dialog";
import { ReasonField } from "../../../components/reason-field";
import { toastDialogFailure } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useAccountAction } from "../api/accounts-api";

type Input = z.input<typeof accountActionSchema>;
type Values = z.output<typeof accountActionSchema>;

const icons = {
  suspend: Ban,
  reinstate: RotateCcw,
  "revoke-admin": ShieldMinus,
  "resend-confirmation": MailCheck,
};

const submitLabels: Record<AccountAction, [string, string]> = {
  suspend: ["Suspend account", "Suspending..."],
  reinstate: ["Reinstate account", "Reinstating..."],
  "revoke-admin": ["Revoke admin", "Revoking..."],
  "resend-confirmation": ["Send the link", "Sending..."],
};

/**
 * One of Admin → Users' account actions (issue 38): the confirmation names the account and says what happens,
 * and asks the reason the audit trail keeps (and, for a suspension or reinstatement, the email the account gets).
 */
export function AccountActionDialog({ user, action }: { user: AdminUserView; action: AccountAction }) {
  const run = useAccountAction();
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(accountActionSchema),
    defaultValues: { reason: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { dialog, close } = useDialogState({ onClose: () => form.reset() });
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      const answer = await run.mutateAsync({ userId: user.id, action, reason });
      toast({ title: answer.message, variant: "success" });
      // The row's next action (Reinstate after Suspend) reuses this form: it starts empty.
      form.reset();
      close();
    } catch (error) {
      toastDialogFailure(
        error,
        form.setError,
        ["reason"],
        `Could not ${accountActionLabels[action].toLowerCase()}`,
        close,
      );
    }
  });
  const [submitLabel, pendingLabel] = submitLabels[action];
  const emailed = action === "suspend" || action === "reinstate";
  return (
    <FormDialog
      dialog={dialog}
      trigger={{
        label: (
          <>
            {accountActionLabels[action]}
            <span className="sr-only">: {user.email}</span>
          </>
        ),
        icon: icons[action],
        size: "sm",
        variant: "outline",
      }}
      title={`${accountActionLabels[action]} ${user.name}`}
      description={accountActionConfirm[action](user.email, user.role === "landscaper")}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      pending={run.isPending}
      submitVariant={action === "suspend" || action === "revoke-admin" ? "destructive" : "default"}
    >
      <ReasonField
        form={form}
        name="reason"
        label="Reason"
        description={
          emailed
            ? "Kept in the audit trail and sent to the account holder."
            : "Kept in the audit trail with your name."
        }
        placeholder={
          action === "suspend"
            ? "For example: three customers reported no-shows this month."
            : "Why you are doing this"
        }
      />
    </FormDialog>
  );
}
