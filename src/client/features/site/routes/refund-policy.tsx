import { Link } from "react-router";
import { site } from "../../../../shared/site";
import { pageMeta } from "../../../lib/meta";
import { textLink } from "../../../lib/styles";
import { LegalDocument, type LegalSection } from "../components/legal-document";

/** One module for /refund-policy and /refunds. */
export function meta() {
  return pageMeta(
    "Refund & Cancellation Policy",
    "Cancel free before your landscaping job is scheduled, raise any issue within 7 days, and see how refunds and tips work at GreenScape Charlotte.",
  );
}

const sections: LegalSection[] = [
  {
    id: "before-scheduling",
    title: "Cancelling Before Your Job Is Scheduled",
    body: (
      <p>
        Changed your mind? You can cancel a quote request or an approved quote <strong>free of charge</strong>{" "}
        at any time before the job is scheduled. Just reply to your quote email or contact us.
      </p>
    ),
  },
  {
    id: "after-scheduling",
    title: "Changes After Scheduling",
    body: (
      <p>
        Once a date is confirmed, please let us know as early as you can if you need to cancel or reschedule,
        so your landscaper can plan their day. We're always happy to move a visit, for example after a heavy
        rain.
      </p>
    ),
  },
  {
    id: "disputes",
    title: "Problems With Completed Work",
    body: (
      <p>
        If something isn't right, tell us <strong>within 7 days</strong> of the service date at{" "}
        <a href={`mailto:${site.supportEmail}`} className={textLink}>
          {site.supportEmail}
        </a>
        , with photos if you can. We'll review it with the landscaper and, where the work fell short of what
        you approved, arrange a return visit or a full or partial refund.
      </p>
    ),
  },
  {
    id: "refunds",
    title: "How Refunds Are Paid",
    body: (
      <p>
        Approved refunds go back to the original payment method, usually within 5 to 10 business days
        depending on your bank.
      </p>
    ),
  },
  {
    id: "tips",
    title: "Tips",
    body: (
      <p>
        Tips go directly to your landscaper and are <strong>non-refundable</strong> once paid to the
        landscaper.
      </p>
    ),
  },
];

export default function RefundPolicyPage() {
  return (
    <LegalDocument
      title="Refund & Cancellation Policy"
      effective={site.termsEffective}
      intro={
        <p>
          We want every visit to leave your yard looking its best. This short policy explains how
          cancellations, disputes and refunds work. It is part of our{" "}
          <Link to="/terms-of-service" className={textLink}>
            Terms of Service
          </Link>
          .
        </p>
      }
      sections={sections}
    />
  );
}
