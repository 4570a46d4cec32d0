import { ChevronLeft, ChevronRight, ExternalLink } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { JobPhoto } from "../../../../shared/proof";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogHeading } from "../../../components/ui/dialog";
import { cn } from "../../../lib/utils";
import { orderPhotos, photoLabel, photoName } from "../lib/photo-labels";
import { photoTimeText } from "../lib/visit";

interface PhotoGalleryProps {
  photos: readonly JobPhoto[];
  /** The heading above the thumbnails ("Photos of the work"); it also names the list. */
  title: string;
  /** What the photos show, for their alt texts: "the job at 123 Oak St". */
  subject: string;
  className?: string;
}

/**
 * A job's photos as a grid of thumbnails, each a button opening the full-size photo in a dialog with its
 * kind and the time it was taken; the dialog steps through them with its buttons or the arrow keys.
 */
export function PhotoGallery({ photos, title, subject, className }: PhotoGalleryProps) {
  const headingId = useId();
  const [shown, setShown] = useState<number | null>(null);
  // Closing returns focus to the thumbnail of the photo last shown (there is no DialogTrigger to return to).
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const lastShown = useRef(0);
  const content = useRef<HTMLDivElement>(null);
  if (photos.length === 0) return null;
  const ordered = orderPhotos(photos);
  const count = ordered.length;
  const current = shown === null ? null : (ordered[Math.min(shown, count - 1)] ?? null);
  const show = (index: number) => {
    lastShown.current = index;
    setShown(index);
  };
  const step = (by: number) => show(((shown ?? 0) + by + count) % count);

  return (
    <section aria-labelledby={headingId} className={cn("grid gap-2", className)}>
      <h4 id={headingId} className="text-xs font-medium text-slate-500">
        {title} <span className="font-normal">({count})</span>
        {/* Several cards show a gallery: the job names each region apart (axe: landmark-unique). */}
        <span className="sr-only">, {subject}</span>
      </h4>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6 lg:grid-cols-8">
        {ordered.map((photo, index) => (
          <li key={photo.id} className="min-w-0">
            <button
              type="button"
              ref={(element) => {
                thumbs.current[index] = element;
              }}
              onClick={() => show(index)}
              className="group relative block aspect-square w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              <img
                src={photo.thumbUrl}
                alt={`${photoName(photo, index, count)} (opens full size)`}
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition-transform group-hover:scale-105"
              />
              <span
                aria-hidden="true"
                className="absolute inset-x-0 bottom-0 truncate bg-slate-950/65 px-1.5 py-0.5 text-left text-[11px] font-semibold text-white"
              >
                {photoLabel(photo)}
              </span>
            </button>
          </li>
        ))}
      </ul>

      <Dialog open={current !== null} onOpenChange={(open) => (open ? null : setShown(null))}>
        {current ? (
          <DialogContent
            className="max-w-3xl gap-3 p-4 sm:p-6"
            ref={content}
            // The dialog itself takes focus: the arrow keys step at once, and Tab reaches the buttons (the
            // first control would be 'Open in a new tab', a surprising place to start).
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              content.current?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              thumbs.current[lastShown.current]?.focus();
            }}
            onKeyDown={(event) => {
              if (count < 2) return;
              if (event.key === "ArrowRight") step(1);
              else if (event.key === "ArrowLeft") step(-1);
            }}
          >
            <DialogHeading
              title={
                <>
                  {photoLabel(current)} photo {(shown ?? 0) + 1} of {count}
                </>
              }
              description={photoTimeText(current)}
            />
            <div className="grid min-h-40 place-items-center overflow-hidden rounded-lg bg-slate-100">
              <img
                key={current.id}
                src={current.fullUrl}
                width={current.width}
                height={current.height}
                alt={`${photoLabel(current)}: ${subject}, ${photoTimeText(current).toLowerCase()}`}
                className="h-auto max-h-[65dvh] w-auto max-w-full object-contain"
              />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
              <a
                href={current.fullUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center justify-center gap-1.5 rounded-md py-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                Open in a new tab
              </a>
              {count > 1 ? (
                <div className="grid grid-cols-2 gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    icon={<ChevronLeft className="size-4" aria-hidden="true" />}
                    onClick={() => step(-1)}
                  >
                    Previous
                  </Button>
                  <Button type="button" variant="outline" onClick={() => step(1)}>
                    Next
                    <ChevronRight className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              ) : null}
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </section>
  );
}
