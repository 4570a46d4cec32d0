import { site } from "../../../shared/site.js";
import type { EmailTemplate } from "./template-inputs.js";

export type { EmailTemplate };

/** Escapes text for HTML bodies: every value a user typed is shown as text. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

interface Block {
  heading: string;
  paragraphs: string[];
  /** label/value pairs shown as a small table */
  facts?: [string, string][];
  /** Paragraphs after the facts: the rules that go with them. */
  notes?: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

function render(subject: string, block: Block): RenderedEmail {
  const facts = block.facts ?? [];
  const html = `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#166534;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${escapeHtml(site.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(block.heading)}</h1>
${block.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${
  facts.length
    ? `<table role="presentation" cellpadding="4" style="margin:8px 0 16px;border-collapse:collapse">${facts
        .map(
          ([label, value]) =>
            `<tr><td style="color:#475569;padding-right:12px">${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${(block.notes ?? []).map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${
  block.action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(block.action.url)}" style="background:#166534;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(block.action.label)}</a></p>
<p style="font-size:12px;color:#64748b">Or copy this link into your browser: ${escapeHtml(block.action.url)}</p>`
    : ""
}
${block.footnote ? `<p style="font-size:12px;color:#64748b">${escapeHtml(block.footnote)}</p>` : ""}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#64748b;border-top:1px solid #e2e8f0">${escapeHtml(site.name)} · ${escapeHtml(site.area)} · <span style="white-space:nowrap">${escapeHtml(site.phone)}</span> · ${escapeHtml(site.supportEmail)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    block.heading,
    "",
    ...block.paragraphs.flatMap((p) => [p, ""]),
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ...(facts.length ? [""] : []),
    ...(block.notes ?? []).flatMap((p) => [p, ""]),
    ...(block.action ? [`${block.action.label}: ${block.action.url}`, ""] : []),
    ...(block.footnote ? [block.footnote, ""] : []),
    `${site.name} · ${site.area} · ${site.phone} · ${site.supportEmail}`,
  ].join("\n");
  return { subject, html, text };
}

export function renderEmail(input: EmailTemplate): RenderedEmail {
  switch (input.template) {
    case "welcome":
      return render(`Welcome to ${site.name}`, {
        heading: `Welcome, ${input.name}!`,
        paragraphs: [
          input.role === "landscaper"
            ? "Thanks for applying to work with us. Finish your profile and upload your credentials so our team can review your application."
            : "Your account is ready. Tell us where you need service and request an instant quote whenever you like.",
          "First, please confirm that this is your email address. The link works once and expires in 24 hours.",
        ],
        action: { label: "Confirm my email", url: input.verifyUrl },
        footnote: `${input.role === "landscaper" ? "Then continue your application" : "Then finish your profile"} at ${input.nextUrl}. If you did not sign up, ignore this email and no account will be confirmed.`,
      });
    case "verify_email":
      return render("Confirm your email address", {
        heading: "Confirm your email address",
        paragraphs: [
          `Hi ${input.name}, please confirm that this is the email address of your ${site.name} account.`,
          "The link below works once and expires in 24 hours.",
        ],
        action: { label: "Confirm my email", url: input.url },
        footnote: "If you did not ask for this, you can ignore this email.",
      });
    case "account_status":
      return input.status === "suspended"
        ? render("Your GreenScape account is suspended", {
            heading: `Hi ${input.name}`,
            paragraphs: [
              `Our team suspended your account: ${input.reason}`,
              input.visitsReoffered
                ? `You can't sign in while it is suspended. Your ${input.visitsReoffered} upcoming ${input.visitsReoffered === 1 ? "booking was" : "bookings were"} offered to other pros.`
                : "You can't sign in while it is suspended.",
              `If you think this is a mistake, reply to ${site.supportEmail}.`,
            ],
          })
        : render("Your GreenScape account is active again", {
            heading: `Welcome back, ${input.name}`,
            paragraphs: [`Our team reinstated your account: ${input.reason}`, "You can sign in again."],
            action: { label: "Sign in", url: input.signInUrl },
          });
    case "password_reset":
      return render("Reset your password", {
        heading: "Reset your password",
        paragraphs: [
          `Hi ${input.name}, we received a request to reset the password of your ${site.name} account.`,
          "The link below works once and expires in 1 hour.",
        ],
        action: { label: "Choose a new password", url: input.url },
        footnote: "If you did not ask for this, you can ignore this email: your password stays the same.",
      });
    case "quote_received":
      return render(`We received your quote request (${input.jobNumber})`, {
        heading: `Thanks, ${input.name}: your request is in`,
        paragraphs: input.firmPrice
          ? [
              "Landscapers who serve your area can see your request now. Each may offer a day at the price below, and you book the offer you like. Sign in, or create an account with this email address, to see the offers and book one: nothing is booked until you do.",
              "Your price is firm: it changes only if a landscaper finds the property different from what you told us and you say yes to the new price.",
            ]
          : [
              "Landscapers who serve your area can see your request now, and one of them will offer a price and a date. Sign in, or create an account with this email address, to see the offer and approve it: nothing is booked until you do.",
              "The estimate below is based on our standard prices; the final price is confirmed by your landscaper.",
            ],
        facts: [
          ["Request", input.jobNumber],
          ["Services", input.services],
          ["Property", input.address],
          ["Preferred date", input.date],
          input.firmPrice ? ["Your price", input.firmPrice] : ["Estimate", input.estimate],
        ],
        footnote: `Need help right away? Call us at ${site.phone}.`,
      });
    case "job_request":
      return render(`New job request ${input.jobNumber}: ${input.services}`, {
        heading: "A new job request came in",
        paragraphs: [`${input.name} asked for a quote.`],
        facts: [
          ["Request", input.jobNumber],
          ["Customer", input.name],
          ["Email", input.email],
          ["Phone", input.phone],
          ["Services", input.services],
          ["Property", input.address],
          ["Preferred date", input.date],
          input.firmPrice ? ["Firm price", input.firmPrice] : ["Estimate", input.estimate],
        ],
        action: { label: "Open job history", url: input.adminUrl },
      });
    case "job_match":
      return render(`A landscaper accepted your request ${input.jobNumber}`, {
        heading: `Good news, ${input.name}!`,
        paragraphs: [
          `${input.landscaperName} accepted your request and proposed a price and a date. Approve them in your dashboard to confirm the booking.`,
        ],
        facts: [
          ["Request", input.jobNumber],
          ["Services", input.services],
          ["Proposed price", input.price],
          ["Proposed date", input.date],
        ],
        action: { label: "Review and approve", url: input.dashboardUrl },
      });
    case "job_offer":
      return render(`An offer for your request ${input.jobNumber}`, {
        heading: `${input.landscaperName} can come, ${input.name}`,
        paragraphs: [
          `${input.landscaperName} offered to do your request on ${input.date} at your firm price. ${
            input.offers > 1
              ? `It is one of ${input.offers} offers waiting: compare the pros in your dashboard and book the one you like.`
              : "Book it in your dashboard, or wait for other pros' offers and compare."
          } Nothing is booked until you choose; when you do, the other offers close.`,
        ],
        facts: [
          ["Request", input.jobNumber],
          ["Services", input.services],
          ["Pro", input.landscaperName],
          ["Day offered", input.date],
          ["Price", input.price],
        ],
        action: { label: "Compare and book", url: input.dashboardUrl },
      });
    case "booking_confirmed":
      return render(`Booked: ${input.services} on ${input.day} (${input.jobNumber})`, {
        heading: `You're booked, ${input.name}`,
        paragraphs: [`Your visit is booked. Here is what you agreed to, and what happens next.`],
        facts: [
          ["Request", input.jobNumber],
          ["Services", input.services],
          ["Day", input.day],
          ["Arrival", "No set time (booked by the day)"],
          ["Landscaper", input.landscaperName],
          ["Price", input.price],
          ["Property", input.address],
        ],
        notes: [
          ...(input.series ? [input.series] : []),
          input.arrival,
          input.hold,
          input.charge,
          input.cancellation,
          input.calendar,
          ...(input.confirmEmail ? [input.confirmEmail] : []),
        ],
        action: { label: "Open your dashboard", url: input.dashboardUrl },
      });
    case "booking_released":
      return render(`Your booking ${input.jobNumber} has changed`, {
        heading: `About your booking, ${input.name}`,
        paragraphs: [input.message],
        action: { label: "Open your dashboard", url: input.dashboardUrl },
      });
    case "request_update":
      return render(`News about your request ${input.jobNumber}`, {
        heading: `About your request, ${input.name}`,
        paragraphs: [input.message],
        action: { label: "Open your dashboard", url: input.dashboardUrl },
      });
    case "job_complete":
      return render(`Your job ${input.jobNumber} is complete`, {
        heading: `All done, ${input.name}`,
        paragraphs: input.requested
          ? [
              `${input.landscaperName} marked your job as completed and asks ${input.requested.price} instead of the agreed ${input.price}: "${input.requested.reason}". Please look at the work and approve it at the price you choose, or report a problem and nothing is charged until our team has looked. The higher price is charged only if you say yes; if we hear nothing within 48 hours, the work is approved at the agreed ${input.price}.`,
              "Afterwards you can rate the work and, if you wish, leave a tip (100% goes to your landscaper).",
            ]
          : [
              `${input.landscaperName} marked your job as completed. Please look at the work and approve it, which charges the final price to your card, or report a problem and nothing is charged until our team has looked. If we hear nothing within 48 hours, the work is approved.`,
              "Afterwards you can rate the work and, if you wish, leave a tip (100% goes to your landscaper).",
            ],
        facts: input.requested
          ? [
              ["Request", input.jobNumber],
              ["Services", input.services],
              ["Agreed price", input.price],
              ["New price asked", input.requested.price],
            ]
          : [
              ["Request", input.jobNumber],
              ["Services", input.services],
              ["Final price", input.price],
            ],
        action: { label: "Review the work", url: input.dashboardUrl },
      });
    case "receipt":
      return render(`Your receipt for ${input.jobNumber}`, {
        heading: `Thank you, ${input.name}`,
        paragraphs: [
          `Your card was charged ${input.price} for the work ${input.landscaperName} did. Your receipt is attached as a PDF, and you can download it again from your dashboard.`,
        ],
        facts: [
          ["Request", input.jobNumber],
          ["Services", input.services],
          ["Service date", input.date],
          ["Charged", input.price],
        ],
        action: { label: "Open your dashboard", url: input.dashboardUrl },
      });
    case "refund":
      return render(`A refund of ${input.amount} for ${input.jobNumber}`, {
        heading: `Hi ${input.name}`,
        paragraphs: [
          `We refunded ${input.amount} to your card for ${input.jobNumber}. It usually shows on your statement within 5 to 10 business days.`,
          `Why: ${input.reason}`,
        ],
        facts: [
          ["Request", input.jobNumber],
          ["Refunded", input.amount],
        ],
        action: { label: "Open your dashboard", url: input.dashboardUrl },
      });
    case "job_update":
      return render(input.subject, {
        heading: `Hi ${input.name}`,
        paragraphs: input.paragraphs,
        facts: [["Request", input.jobNumber], ...(input.facts ?? [])],
        action: { label: input.actionLabel, url: input.url },
      });
    case "application_received":
      return render("We received your application", {
        heading: `Thanks, ${input.landscaperName}`,
        paragraphs: [
          "Your documents have been submitted for review. Our team checks every application and will email you once a decision is made.",
        ],
        action: { label: "Open your dashboard", url: input.dashboardUrl },
      });
    case "application_approved":
      return render("Your application was approved", {
        heading: `Welcome aboard, ${input.landscaperName}!`,
        paragraphs: [
          "Your application was approved. You can now accept jobs in your service area from your dashboard.",
        ],
        action: { label: "Go to your dashboard", url: input.dashboardUrl },
      });
    case "application_denied":
      return render("About your application", {
        heading: `Hi ${input.landscaperName}`,
        paragraphs: [
          "Thank you for your interest. After reviewing your application we are unable to approve it at this time.",
          ...(input.notes ? [`Reviewer notes: ${input.notes}`] : []),
          `If you have questions, reply to ${site.supportEmail}.`,
        ],
      });
  }
}
