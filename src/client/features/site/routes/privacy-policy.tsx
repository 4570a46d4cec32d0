import { site } from "../../../../shared/site";
import { pageMeta } from "../../../lib/meta";
import { textLink } from "../../../lib/styles";
import { LegalDocument, type LegalSection } from "../components/legal-document";

/** One module for /privacy-policy and /privacy. */
export function meta() {
  return pageMeta(
    "Privacy Policy",
    "How GreenScape Charlotte collects, uses and protects your personal information. We do not sell personal data, and landscaper identity documents stay private.",
  );
}

const sections: LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <ul>
        <li>
          <strong>Quote requests:</strong> your name, email, phone number, service address, the services you
          want and your preferred date.
        </li>
        <li>
          <strong>Accounts:</strong> your name, email address, role (client or landscaper) and password
          (stored only as a secure hash).
        </li>
        <li>
          <strong>Landscaper applications:</strong> business details, service area, background-check consent
          and uploaded documents such as proof of ID, liability insurance and certifications.
        </li>
        <li>
          <strong>Technical data:</strong> basic logs such as IP address and browser type, used to keep the
          site secure and working.
        </li>
      </ul>
    ),
  },
  {
    id: "how-we-use",
    title: "How We Use Your Information",
    body: (
      <ul>
        <li>To review your quote request, match you with a landscaper and schedule the work.</li>
        <li>To send service emails such as quote confirmations, booking updates and password resets.</li>
        <li>To review landscaper applications and keep our network safe.</li>
        <li>To answer your questions and improve our service.</li>
      </ul>
    ),
  },
  {
    id: "identity-documents",
    title: "Landscaper Identity Documents",
    body: (
      <>
        <p>
          Identity documents, insurance certificates and certifications uploaded by landscapers are stored
          privately. They are visible only to the landscaper who uploaded them and to {site.name}{" "}
          administrators reviewing the application.
        </p>
        <p>They are never shown to customers or other landscapers, and never published on the website.</p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "How We Share Information",
    body: (
      <>
        <p>
          <strong>We do not sell your personal data.</strong> We share it only where needed to provide the
          service:
        </p>
        <ul>
          <li>
            With the landscaper matched to your job: your name, service address, requested services and date.
          </li>
          <li>
            With service providers who host our site and send our emails, under confidentiality obligations.
          </li>
          <li>When required by law, or to protect the safety of our customers, landscapers or the public.</li>
        </ul>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and Sessions",
    body: (
      <p>
        We use a secure session cookie to keep you signed in. We don't use advertising cookies or sell access
        to your browsing activity.
      </p>
    ),
  },
  {
    id: "security",
    title: "Data Security and Retention",
    body: (
      <p>
        We use encrypted connections, hashed passwords and access controls to protect your information. We
        keep it only as long as we need it to provide the service and meet legal and tax obligations, then
        delete or anonymize it.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your Choices and Rights",
    body: (
      <p>
        You can view and update your profile from your dashboard at any time. To request a copy of your data,
        or to have your account and data deleted, email{" "}
        <a href={`mailto:${site.supportEmail}`} className={textLink}>
          {site.supportEmail}
        </a>
        . We respond within 30 days.
      </p>
    ),
  },
  {
    id: "changes-contact",
    title: "Changes and Contact",
    body: (
      <p>
        If we change this policy, we'll update the effective date above and, for significant changes, let
        account holders know by email. Questions about privacy? Write to{" "}
        <a href={`mailto:${site.infoEmail}`} className={textLink}>
          {site.infoEmail}
        </a>{" "}
        or call {site.phone}.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      effective={site.privacyEffective}
      intro={
        <p>
          Your privacy matters to us. This policy explains what information {site.name} collects, why we
          collect it, and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
