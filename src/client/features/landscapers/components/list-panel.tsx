import { RefreshCw } from "lucide-react";
import type * as React from "react";
import { LoadError } from "../../../components/load-error";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The frame the Job Queue and the Schedule share: a card headed by the list's title and what it holds ("Preview
 * only" in a master's preview), its controls and a Refresh button; under that a `notice` if any, then the
 * list's body: the preview's note, the loading line, the failure with 'Try again', or `children`. `after`
 * follows the body inside the card (the declined requests, the visit dialog).
 */
export function ListPanel({
  title,
  titleRef,
  description,
  preview,
  answeredPreview = false,
  previewNote,
  query,
  refreshLabel,
  loadingText,
  errorTitle,
  controls,
  headerClassName,
  notice,
  after,
  children,
  ...card
}: {
  title: string;
  /** Where focus goes when the list's own element has gone (a visit that left the schedule). */
  titleRef?: React.Ref<HTMLHeadingElement>;
  description: string;
  /** A master's preview: no Refresh, nothing loaded; the body says what is hidden. */
  preview: boolean;
  /** The server answered with a preview (a master looking as this landscaper): the body says so too. */
  answeredPreview?: boolean | undefined;
  previewNote: string;
  query: ListQuery;
  refreshLabel: string;
  loadingText: string;
  errorTitle: string;
  controls?: React.ReactNode;
  headerClassName: string;
  notice?: React.ReactNode;
  after?: React.ReactNode;
  children: React.ReactNode;
  "data-testid"?: string;
}) {
  return (
    <Card className="gap-0 p-0" {...card}>
      <div className={cn("border-b border-slate-200 px-4 py-3 sm:px-6 sm:py-4", headerClassName)}>
        <div className="grid gap-0.5">
          <h2
            ref={titleRef}
            tabIndex={titleRef ? -1 : undefined}
            className="text-lg font-semibold text-slate-900 focus-visible:outline-none"
          >
            {title}
          </h2>
          <p className="text-sm text-slate-600">{preview ? "Preview only" : description}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {controls}
          {!preview ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
              aria-label={refreshLabel}
            >
              <RefreshCw className={cn("size-4", query.isFetching && "animate-spin")} aria-hidden="true" />
              <span className="hidden sm:inline">Refresh</span>
            </Button>
          ) : null}
        </div>
      </div>
      {notice}
      <div className="px-4 py-4 sm:px-6">
        {preview || answeredPreview ? (
          <Alert variant="info">
            <AlertTitle>Admin preview</AlertTitle>
            <AlertDescription>{previewNote}</AlertDescription>
          </Alert>
        ) : query.isPending ? (
          <p role="status" className="py-10 text-center text-sm text-slate-600">
            {loadingText}
          </p>
        ) : query.isError ? (
          <LoadError title={errorTitle} query={query} />
        ) : (
          children
        )}
      </div>
      {after}
    </Card>
  );
}
