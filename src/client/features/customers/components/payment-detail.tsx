import type * as React from "react";
import type { JobView } from "../../../../shared/jobs";
import { formatCents, withArticle } from "../../../../shared/services";
import { Detail } from "../../../components/detail";

const muted = (text: string) => <span className="font-normal text-slate-500">{text}</span>;

/** Where the job's money stands, in a sentence: held, charged, released, or why the card was refused. */
function paymentText(job: JobView): React.ReactNode {
  const payment = job.payment;
  if (!payment) return null;
  const on = payment.card ? ` on ${payment.card}` : "";
  const to = payment.card ? ` to ${payment.card}` : "";
  switch (payment.status) {
    case "pending":
      return muted("Checking your card…");
    case "held":
      return `${formatCents(payment.amountCents)} held${on}`;
    case "captured": {
      const refunded = payment.refundedCents ? `, ${formatCents(payment.refundedCents)} refunded` : "";
      return job.status === "cancelled"
        ? `Cancellation fee ${formatCents(payment.capturedCents)} charged${to}${refunded}`
        : `${formatCents(payment.capturedCents)} charged${to}${payment.tipCents ? `, plus ${withArticle(payment.tipCents)} tip` : ""}${refunded}`;
    }
    case "released":
      return "Hold released, nothing charged";
    case "expired":
      return muted("Hold expired");
    case "failed":
      return (
        <span className="text-red-800">
          Card refused: {payment.failureMessage ?? "please add another card"}
        </span>
      );
  }
}

/** The job card's payment: the money's state, and the receipt once the work is charged. */
export function PaymentDetail({ job }: { job: JobView }) {
  if (!job.payment) return null;
  return (
    <Detail label="Payment">
      {paymentText(job)}
      {job.status === "completed" && job.payment.status === "captured" ? (
        <>
          {" "}
          <a
            href={`/api/jobs/${job.id}/receipt`}
            download
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Receipt (PDF)
          </a>
        </>
      ) : null}
    </Detail>
  );
}
