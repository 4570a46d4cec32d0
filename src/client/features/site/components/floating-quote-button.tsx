import { CalendarCheck } from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { withoutTrailingSlashes } from "../../../../shared/paths";
import { useSession } from "../../../lib/session";
import { focusRing } from "../../../lib/styles";
import { useToasts } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { accountKindOf } from "./nav-config";

/** Pages that do not get the button: /professionals (spec), and the quote form it leads to. */
const hiddenOn = new Set(["/professionals", "/instant-quote"]);
/** Screens of the people who do the work or run the platform: a quote is not what they came for. */
const staffScreens =
  /^\/(admin|landscaper|dashboard\/landscaper|onboarding\/landscaper|upload-documents)(\/|-|$)/;

/**
 * Whether the page offers the floating quote link: to visitors and customers, on the screens where they
 * might start a quote; never to landscapers or admins. The footer reserves room for it only then.
 */
export function useShowsQuoteButton(): boolean {
  const { pathname } = useLocation();
  const { user } = useSession();
  const path = withoutTrailingSlashes(pathname);
  if (hiddenOn.has(path) || staffScreens.test(path)) return false;
  return !user || accountKindOf(user) === "customer";
}

const controls = 'a[href], button, input, select, textarea, summary, [role="button"], [role="link"]';

/**
 * Whether a link, button or field is drawn under `pill`: its box meets the pill's, and at the middle of
 * where they meet it is really there (not scrolled out of its box or hidden behind something else).
 */
function pillCoversControl(pill: Element): boolean {
  const a = pill.getBoundingClientRect();
  for (const control of document.querySelectorAll(controls)) {
    if (pill.contains(control)) continue;
    const b = control.getBoundingClientRect();
    const left = Math.max(a.left, b.left);
    const right = Math.min(a.right, b.right);
    const top = Math.max(a.top, b.top);
    const bottom = Math.min(a.bottom, b.bottom);
    if (right <= left || bottom <= top) continue;
    const drawn = document.elementsFromPoint((left + right) / 2, (top + bottom) / 2);
    if (drawn.some((node) => node === control || control.contains(node))) return true;
  }
  return false;
}

/** Whether an element shows something of its own: text directly in it, a picture, or a control. */
function showsContent(element: Element): boolean {
  if (element.matches(`${controls}, img, svg, video, canvas, [role="img"], [role="alert"], [role="status"]`))
    return true;
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) return true;
  }
  return false;
}

/**
 * Whether text, a picture or a control is drawn under `pill`: a grid of points over its box, and at each the
 * first thing beneath the pill. Backgrounds and empty space do not count.
 */
function pillCoversContent(pill: Element): boolean {
  if (pillCoversControl(pill)) return true;
  const box = pill.getBoundingClientRect();
  const aside = pill.closest("aside") ?? pill;
  for (let col = 0; col <= 6; col++) {
    for (let row = 0; row <= 2; row++) {
      const x = box.left + 4 + ((box.width - 8) * col) / 6;
      const y = box.top + 4 + ((box.height - 8) * row) / 2;
      const beneath = document.elementsFromPoint(x, y).find((node) => !aside.contains(node));
      if (
        beneath &&
        beneath !== document.body &&
        beneath !== document.documentElement &&
        showsContent(beneath)
      )
        return true;
    }
  }
  return false;
}

/**
 * True while text, a picture, a link, a button or a field lies under `ref`'s box: the pill then steps aside
 * (transparent, clicks pass through) instead of covering what a person reads or presses. Checked after
 * scrolling, resizing and page changes.
 */
function useCoversContent(ref: RefObject<HTMLElement | null>): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      if (ref.current) setCovers(pillCoversContent(ref.current));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    // Layout also moves without a DOM change or a scroll: a web font arriving, an image taking its size, a
    // short page's footer rising once the content settles. Any of them changes the body's box.
    const resized = new ResizeObserver(schedule);
    resized.observe(document.body);
    document.fonts?.addEventListener("loadingdone", schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      observer.disconnect();
      resized.disconnect();
      document.fonts?.removeEventListener("loadingdone", schedule);
    };
  }, [ref]);
  return covers;
}

/**
 * Fixed "Request a Quote" pill, bottom-right, for visitors and customers. Toasts also live bottom-right, so
 * while one is open the pill slides up above it; it sits one layer below the toast region (z-30 vs z-100),
 * so it never covers a toast, and it steps aside while text or a control lies under it. It is an ordinary
 * link in its own landmark right after <main>, so keyboard users reach it in document order.
 */
export function FloatingQuoteButton() {
  const shown = useShowsQuoteButton();
  if (!shown) return null;
  return <QuotePill />;
}

function QuotePill() {
  const toastOpen = useToasts().some((item) => item.open);
  const ref = useRef<HTMLAnchorElement>(null);
  const covers = useCoversContent(ref);
  return (
    <aside aria-label="Quick quote">
      <Link
        ref={ref}
        to="/instant-quote"
        data-testid="floating-quote"
        className={cn(
          "fixed right-4 bottom-4 z-30 inline-flex h-12 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white shadow-lg shadow-brand-900/30 ring-2 ring-white hover:bg-brand-800 motion-safe:transition-transform sm:right-6 sm:bottom-6",
          toastOpen && "-translate-y-28",
          // Stepped aside: clicks reach what lies beneath, but it stays in the tab order and shows on focus.
          covers &&
            "pointer-events-none opacity-0 focus-visible:pointer-events-auto focus-visible:opacity-100",
          focusRing,
        )}
      >
        <CalendarCheck className="size-5" aria-hidden="true" />
        Request a Quote
      </Link>
    </aside>
  );
}
