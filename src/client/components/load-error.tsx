import type * as React from "react";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert";
import { Button } from "./ui/button";

/** A section whose data did not load: what failed, why if known, and 'Try again' (which refetches the query). */
export function LoadError({
  title,
  children,
  query,
  className,
}: {
  title: string;
  children?: React.ReactNode;
  query: { refetch: () => unknown };
  className?: string;
}) {
  return (
    <Alert variant="destructive" className={className}>
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        {children}
        <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
