import { Globe, House, type LucideIcon, Puzzle, RefreshCw, Wifi } from "lucide-react";
import { site } from "../../../../shared/site";
import { IconBadge } from "../../../components/icon-badge";
import { ButtonLink } from "../../../components/ui/button-link";
import { pageMeta } from "../../../lib/meta";
import { container, textLink } from "../../../lib/styles";
import { cn } from "../../../lib/utils";
import { useSiteSettings } from "../api/site-settings";
import { PageHero } from "../components/page-parts";
import { customerAnswers, type HelpAnswer, landscaperAnswers } from "../content/help-answers";

export function meta() {
  return pageMeta(
    "Troubleshooting",
    "Help with GreenScape Charlotte: what a job costs, when your card is held and charged, cancelling, rain, landscaper payouts, and quick fixes when the website won't load.",
  );
}

const tips: { icon: LucideIcon; title: string; steps: string[] }[] = [
  {
    icon: RefreshCw,
    title: "Clear your browser cache",
    steps: [
      "Open your browser's settings and find Privacy or History.",
      "Clear cached images and files (you can keep your passwords).",
      "Close the tab, reopen the site and try again.",
    ],
  },
  {
    icon: Globe,
    title: "Try another browser",
    steps: [
      "We support current versions of Chrome, Safari, Firefox and Edge.",
      "If a page won't load in one, open it in another to see whether the problem follows.",
      "Make sure your browser is up to date.",
    ],
  },
  {
    icon: Wifi,
    title: "Check your internet connection",
    steps: [
      "Load another website to confirm you're online.",
      "On mobile, switch between Wi-Fi and cellular data.",
      "Restart your router if pages are slow everywhere.",
    ],
  },
  {
    icon: Puzzle,
    title: "Disable browser extensions",
    steps: [
      "Ad blockers and privacy extensions can stop forms from submitting.",
      "Turn them off for this site, or try a private/incognito window.",
      "Reload the page after changing extension settings.",
    ],
  },
];

export default function TroubleshootingPage() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHero
        eyebrow="Help"
        title="Troubleshooting"
        lead={
          <p>
            Answers to the{" "}
            <a href="#customer-questions" className={textLink}>
              questions customers ask
            </a>{" "}
            (price, payment, cancelling, rain) and the{" "}
            <a href="#landscaper-questions" className={textLink}>
              questions landscapers ask
            </a>{" "}
            (payouts). Page not loading, or a form that won't submit?{" "}
            <a href="#website-fixes" className={textLink}>
              Quick fixes for the website
            </a>{" "}
            are below them.
          </p>
        }
      />
      <div className={cn(container, "py-14 sm:py-16")}>
        <AnswerList
          id="customer-questions"
          title="Questions customers ask"
          answers={customerAnswers(settings)}
        />
        <AnswerList
          id="landscaper-questions"
          title="Questions landscapers ask"
          answers={landscaperAnswers()}
        />
        {/* The website's own fixes after the questions people come to Help with (issue 33 review). */}
        <section id="website-fixes" aria-labelledby="tips-heading" className="mb-14 scroll-mt-32">
          <h2 id="tips-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Quick fixes for the website
          </h2>
          <ol className="mt-6 grid gap-6 md:grid-cols-2">
            {tips.map((tip, index) => (
              <li key={tip.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex items-center gap-3">
                  <IconBadge icon={tip.icon} />
                  <h3 className="text-lg font-semibold text-slate-900">
                    <span className="text-brand-700">{index + 1}.</span> {tip.title}
                  </h3>
                </div>
                <ul className="mt-4 list-disc space-y-1.5 pl-5 text-slate-600 marker:text-brand-600">
                  {tip.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </section>

        <div className="flex flex-col gap-5 rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">Still stuck?</h2>
            <p className="mt-1 break-words text-slate-600">
              Email{" "}
              <a href={`mailto:${site.supportEmail}`} className={textLink}>
                {site.supportEmail}
              </a>{" "}
              or call{" "}
              <a href={site.phoneHref} className={textLink}>
                {site.phone}
              </a>
              . For a website problem, tell us your browser and device and we'll sort it out.
            </p>
          </div>
          <ButtonLink to="/" size="lg" className="shrink-0" icon={House}>
            Return to Home
          </ButtonLink>
        </div>
      </div>
    </>
  );
}

/** A list of questions, each an h3 with its answer, under the section's h2. */
function AnswerList({ id, title, answers }: { id: string; title: string; answers: HelpAnswer[] }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mb-14 scroll-mt-32">
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {answers.map((item) => (
          <article
            key={item.id}
            id={item.id}
            aria-labelledby={`${item.id}-question`}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h3 id={`${item.id}-question`} className="text-lg font-semibold text-slate-900">
              {item.question}
            </h3>
            <div className="mt-3 space-y-3 text-slate-600">{item.answer}</div>
          </article>
        ))}
      </div>
    </section>
  );
}
