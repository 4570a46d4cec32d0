import { Link } from "react-router";
import { site } from "../../../../shared/site";
import { pageMeta } from "../../../lib/meta";
import { textLink } from "../../../lib/styles";
import { LegalDocument, type LegalSection } from "../components/legal-document";

export function meta() {
  return pageMeta(
    "Terms of Service",
    "The terms that apply when you use GreenScape Charlotte to request quotes, book landscaping services or work as a landscaper in Charlotte, NC.",
  );
}

const sections: LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of Terms",
    body: (
      <p>
        By using the {site.name} website, requesting a quote or creating an account, you agree to these Terms
        of Service and to our{" "}
        <Link to="/privacy-policy" className={textLink}>
          Privacy Policy
        </Link>
        . If you don't agree, please don't use the service.
      </p>
    ),
  },
  {
    id: "service",
    title: "Our Service",
    body: (
      <>
        <p>
          {site.name} is a marketplace that connects property owners in and around {site.area} with
          independent landscaping professionals. We review quote requests, match customers with landscapers
          and help schedule the work.
        </p>
        <p>
          The landscaping work itself is performed by the landscaper you are matched with, who is an
          independent business and not an employee of {site.name}.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Accounts and Eligibility",
    body: (
      <ul>
        <li>You must be at least 18 years old and able to enter into a binding contract.</li>
        <li>
          The information you give us, including your name, address and contact details, must be accurate.
        </li>
        <li>
          You are responsible for keeping your password secure and for activity under your account. Tell us
          right away at {site.supportEmail} if you suspect unauthorized use.
        </li>
      </ul>
    ),
  },
  {
    id: "quotes",
    title: "Quotes and Bookings",
    body: (
      <>
        <p>
          An instant quote request is not a booking. Landscapers who serve the property's area see the request
          and offer a price and a date.
        </p>
        <p>
          A job is booked only after you approve a landscaper's price and date. Prices can change if the
          property differs materially from the description in your request; if that happens, we'll ask for
          your approval before any extra work is done.
        </p>
      </>
    ),
  },
  {
    id: "payments",
    title: "Pricing, Payment and Tips",
    body: (
      <>
        <p>
          The price for each job is shown in your approved quote. Your card is held when you book and charged
          only after the work is approved (by you, or automatically 48 hours after completion unless you
          report a problem).
        </p>
        <p>Tips are optional, go entirely to your landscaper, and are non-refundable once paid.</p>
      </>
    ),
  },
  {
    id: "cancellations",
    title: "Cancellations and Refunds",
    body: (
      <p>
        You can cancel free of charge until 24 hours before your visit; within 24 hours a cancellation fee,
        shown before you confirm, is paid to your landscaper. Disputes and refunds are handled under our{" "}
        <Link to="/refund-policy" className={textLink}>
          Refund &amp; Cancellation Policy
        </Link>
        , which forms part of these terms.
      </p>
    ),
  },
  {
    id: "landscapers",
    title: "Landscaper Obligations",
    body: (
      <ul>
        <li>Landscapers must hold any licenses required for their work and carry liability insurance.</li>
        <li>
          Landscapers consent to a background check and upload identity and insurance documents for review
          before they can accept jobs.
        </li>
        <li>
          Landscapers set their own methods and equipment and are responsible for the quality of their work.
        </li>
      </ul>
    ),
  },
  {
    id: "customers",
    title: "Customer Responsibilities",
    body: (
      <ul>
        <li>Give the landscaper safe access to the areas to be serviced on the scheduled date.</li>
        <li>
          Secure pets and let us know about hazards such as irrigation heads, invisible fencing or steep
          slopes.
        </li>
        <li>Tell us about any homeowners' association rules that affect the work.</li>
      </ul>
    ),
  },
  {
    id: "liability",
    title: "Limitation of Liability",
    body: (
      <p>
        To the fullest extent permitted by law, {site.name} is not liable for indirect or consequential
        losses, and our total liability for any claim relating to a job is limited to the amount you paid for
        that job. Nothing in these terms limits rights you have under North Carolina consumer protection law.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes, Governing Law and Contact",
    body: (
      <>
        <p>
          We may update these terms from time to time; the effective date above shows the latest version.
          These terms are governed by the laws of the State of North Carolina, and disputes are heard in the
          courts of Mecklenburg County.
        </p>
        <p>
          Questions? Email{" "}
          <a href={`mailto:${site.infoEmail}`} className={textLink}>
            {site.infoEmail}
          </a>{" "}
          or call {site.phone}.
        </p>
      </>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      effective={site.termsEffective}
      intro={
        <p>
          These terms explain how {site.name} works, what we expect from customers and landscapers, and what
          you can expect from us. We've kept them as plain as we can.
        </p>
      }
      sections={sections}
    />
  );
}
