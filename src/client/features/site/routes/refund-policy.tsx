import { Link } from "react-router";
import { site } from "../../../../shared/site";
import { pageMeta } from "../../../lib/meta";
import { textLink } from "../../../lib/styles";
import { LegalDocument, type LegalSection } from "../components/legal-document";

/** One module for /refund-policy and /refunds. */
export function meta() {
  return pageMeta(
    "Refund & Cancellation Policy",
    "Your card is held when you book and charged only after the work is approved. Cancel free until 24 hours before the visit; see how refunds and tips work at GreenScape Charlotte.",
  );
}

const sections: LegalSection[] = [
  {
    id: "card-holds",
    title: "When Your Card Is Held and Charged",
    body: (
      <>
        <p>
          Booking needs a card on file. When you approve a landscaper's price and date, we place a{" "}
          <strong>hold</strong> for that price on your card: at once if the visit is 6 days away or fewer,
          otherwise 48 hours before the visit. A hold is not a charge.
        </p>
        <p>
          Your card is <strong>charged only after the work is done</strong>: when you approve the work, or 48
          hours after the landscaper marks it complete if you have not reported a problem. If the final price
          is lower than the hold, only the final price is charged and the rest is released.
        </p>
      </>
    ),
  },
  {
    id: "cancelling",
    title: "Cancelling a Booking",
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Before a landscaper's offer is approved, or more than <strong>24 hours</strong> before the visit
          (8:00 AM on the visit's date): free. Any hold on your card is released.
        </li>
        <li>
          Within 24 hours of the visit: a <strong>cancellation fee</strong>, shown to you before you confirm,
          is charged and paid to your landscaper for the time they set aside. The rest of the hold is
          released.
        </li>
        <li>If your landscaper or our team cancels, the hold is released and you pay nothing.</li>
      </ul>
    ),
  },
  {
    id: "disputes",
    title: "Problems With Completed Work",
    body: (
      <p>
        If something isn't right, choose <strong>Report a problem</strong> on the job within 48 hours of its
        completion, or write to{" "}
        <a href={`mailto:${site.supportEmail}`} className={textLink}>
          {site.supportEmail}
        </a>{" "}
        within 7 days of the service date, with photos if you can. A report stops the charge until our team
        has reviewed it with the landscaper; where the work fell short of what you approved, we arrange a
        return visit or a full or partial refund.
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
        Tips are charged to your card as their own payment, go <strong>100%</strong> to your landscaper, and
        are <strong>non-refundable</strong> once paid to the landscaper.
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
