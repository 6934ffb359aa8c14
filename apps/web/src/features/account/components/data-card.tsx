import { Download, Upload } from "lucide-react";
import { useRef, useState, type ChangeEvent, type MouseEvent } from "react";
import { MAX_IMPORT_BYTES } from "@flockkeeper/shared/domain/account-import";
import { NeedsConnection } from "@/components/needs-connection";
import { buttonClass } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { exportJsonUrl, exportZipUrl } from "../api/export-links";
import { useImportAccount } from "../api/import-account";
import { useFarmPermissions } from "@/lib/farms";
import { isReauthCancelled, useReauth } from "@/lib/reauth";

/** Starts a download the browser streams to a file (a plain link, clicked for the keeper). */
function download(url: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = "";
  a.click();
}

/** Download everything (JSON, or CSV per record type), and import a JSON export. */
export function DataCard() {
  const [embedPhotos, setEmbedPhotos] = useState(false);
  const [result, setResult] = useState<string>();
  const fileRef = useRef<HTMLInputElement>(null);
  const importAccount = useImportAccount();
  const { guard, ensureRecent } = useReauth();
  // Export and import cover the whole farm: its owner's tools.
  const { exportData, role } = useFarmPermissions();

  // A link cannot show the server's "confirm it's you" answer, so the page asks first when needed.
  const onExport = (url: string) => async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (!navigator.onLine) {
      toast({ title: "Downloading your data needs a connection", variant: "destructive" });
      return;
    }
    try {
      await ensureRecent();
      download(url);
    } catch (err) {
      if (isReauthCancelled(err)) return;
      toast({ title: "Export failed", description: errorMessage(err), variant: "destructive" });
    }
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    setResult(undefined);
    if (file.size > MAX_IMPORT_BYTES) {
      toast({
        title: "Import failed",
        description: "The file is larger than 50 MB.",
        variant: "destructive",
      });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      toast({
        title: "Import failed",
        description: "The file is not a complete FlockKeeper JSON export.",
        variant: "destructive",
      });
      return;
    }
    try {
      // Asked before sending up to 50 MB; the guard covers a sign-in that expires on the way.
      await ensureRecent();
      const res = await guard(() => importAccount.mutateAsync(parsed));
      const total = Object.values(res.imported).reduce((a, b) => a + b, 0);
      const summary = `${total} records imported${res.photosMissing ? `; ${res.photosMissing} photos were not in the file and were left out` : ""}.`;
      setResult(summary);
      toast({ title: "Import complete", description: summary });
    } catch (err) {
      if (isReauthCancelled(err)) return;
      toast({ title: "Import failed", description: errorMessage(err), variant: "destructive" });
    }
  };

  if (!exportData) {
    return (
      <Card>
        <CardTitle>Your data</CardTitle>
        <p className="mt-1 text-sm text-stone-700">
          The farm&apos;s records are exported and imported by its owner. As a{" "}
          {role === "keeper" ? "keeper" : "helper"} you see and add them in the app.
        </p>
      </Card>
    );
  }

  return (
    <Card>
      <CardTitle>Your data</CardTitle>
      <p className="mt-1 text-sm text-stone-700">
        Everything you have recorded belongs to you. Download it at any time: one JSON file with
        every record (to keep, or to move to another FlockKeeper server), or a zip with one CSV file
        per record type for spreadsheets.
      </p>
      <NeedsConnection what="Downloading your data" className="mt-3" />
      <div className="mt-3 flex flex-wrap gap-3">
        <a
          href={exportJsonUrl(embedPhotos)}
          download
          onClick={onExport(exportJsonUrl(embedPhotos))}
          className={buttonClass("primary")}
          data-track="Export Data JSON"
        >
          <Download size={18} aria-hidden /> Download JSON
        </a>
        <a
          href={exportZipUrl}
          download
          onClick={onExport(exportZipUrl)}
          className={buttonClass("secondary")}
          data-track="Export Data CSV"
        >
          <Download size={18} aria-hidden /> Download CSV (zip)
        </a>
      </div>
      <label className="mt-3 flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={embedPhotos}
          onChange={(e) => setEmbedPhotos(e.target.checked)}
        />
        Include photos in the JSON file (larger; needed to move photos to another server)
      </label>

      <div className="mt-5 border-t border-stone-200 pt-4">
        <h3 className="font-semibold text-stone-900">Import</h3>
        <p className="mt-1 text-sm text-stone-700">
          Bring a FlockKeeper JSON export into this account. It works only while this account has no
          records, and the whole file is checked first: it is imported completely or not at all.
        </p>
        <Label htmlFor="import-file" className="mt-3">
          Export file (.json)
        </Label>
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileRef}
            id="import-file"
            type="file"
            accept="application/json,.json"
            onChange={onFile}
            disabled={importAccount.isPending}
            className="block w-full max-w-sm text-sm text-stone-800 file:mr-3 file:h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:font-semibold"
          />
          {importAccount.isPending && (
            <span className="inline-flex items-center gap-2 text-sm text-stone-700" role="status">
              <Upload size={16} aria-hidden /> Importing…
            </span>
          )}
        </div>
        {result && (
          <p className="mt-2 text-sm text-green-800" role="status">
            {result}
          </p>
        )}
      </div>
    </Card>
  );
}
