import { Download, FileArchive } from "lucide-react";
import { useState } from "react";
import { adminMessages } from "../../../../shared/admin";
import { Button, type ButtonProps } from "../../../components/ui/button";
import { toast } from "../../../lib/toast";
import { type DownloadedFile, downloadExport, isNoData } from "../api/download";

function toastFailure(error: unknown, fallback: { title: string; description: string }) {
  if (isNoData(error)) {
    toast({ title: adminMessages.noDataTitle, description: adminMessages.noDataMessage });
    return;
  }
  toast({ ...fallback, variant: "destructive" });
}

/** Downloads one CSV export and says how it went. */
export function ExportButton({
  url,
  fallbackName,
  label = "Download CSV",
  success = () => ({ title: adminMessages.csvDownloaded }),
  variant = "outline",
}: {
  url: string;
  fallbackName: string;
  label?: string;
  success?: (file: DownloadedFile) => { title: string; description?: string };
  variant?: ButtonProps["variant"];
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await downloadExport(url, fallbackName);
      toast({ ...success(file), variant: "success" });
    } catch (error) {
      toastFailure(error, {
        title: "Export failed",
        description: error instanceof Error ? error.message : "Please try again.",
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant={variant}
      onClick={run}
      pending={busy}
      icon={<Download className="size-4" aria-hidden="true" />}
    >
      {label}
    </Button>
  );
}

/** 'Download All Reports (ZIP)': clients, landscapers, jobs and ratings, each when it has rows. */
export function ZipExportButton() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    toast({ title: adminMessages.zipPreparing });
    try {
      await downloadExport("/api/exports/reports.zip", "greenscape_reports.zip");
      toast({
        title: adminMessages.zipDoneTitle,
        description: adminMessages.zipDoneMessage,
        variant: "success",
      });
    } catch (error) {
      toastFailure(error, {
        title: adminMessages.zipFailedTitle,
        description: adminMessages.zipFailedMessage,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      onClick={run}
      pending={busy}
      icon={<FileArchive className="size-4" aria-hidden="true" />}
    >
      Download All Reports (ZIP)
    </Button>
  );
}
