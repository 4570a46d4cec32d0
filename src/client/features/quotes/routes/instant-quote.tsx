import { site } from "../../../../shared/site";
import { FromProfileNote } from "../components/from-profile-note";
import { QuoteAside } from "../components/quote-aside";
import { QuoteForm } from "../components/quote-form";
import { QuotePageHeader } from "../components/quote-page-header";

export function meta() {
  return [
    { title: "Instant Quote | GreenScape Charlotte" },
    {
      name: "description",
      content: `Request lawn and garden services in ${site.area} and see a firm price in about a minute.`,
    },
  ];
}

export default function InstantQuotePage() {
  return (
    <>
      <QuotePageHeader eyebrow="Instant Quote" title="Get Your Instant Quote">
        Tell us about your property and the services you need. You'll see your price right away, before we ask
        who you are; a vetted landscaper near you takes the request at that price and offers a date for you to
        approve.
      </QuotePageHeader>
      <div className="mx-auto grid w-full max-w-6xl items-start gap-8 px-4 py-8 sm:px-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_18rem] lg:px-8">
        <div className="grid gap-4">
          <FromProfileNote />
          <QuoteForm />
        </div>
        <QuoteAside />
      </div>
    </>
  );
}
