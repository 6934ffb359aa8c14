import { Dialog } from "@/components/ui/dialog";
import { manualInstallPlatform } from "@/lib/pwa";

const STEPS = {
  ios: [
    "Open this page in Safari.",
    "Tap the Share button.",
    "Choose “Add to Home Screen”, then “Add”.",
  ],
  android: [
    "Open the browser menu (⋮).",
    "Tap “Install app” or “Add to Home screen”.",
    "Confirm with “Install”.",
  ],
  desktop: [
    "In Chrome or Edge, click the install icon at the right end of the address bar.",
    "Or open the browser menu and choose “Install FlockKeeper”.",
    "Firefox and Safari on desktop: bookmark the page instead.",
  ],
};

/** Manual install steps for browsers that offer no install prompt. */
export default function ManualSteps({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const platform = manualInstallPlatform();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Install FlockKeeper"
      description="Your browser did not offer an install button, so here is how to add it yourself."
    >
      <ol className="list-decimal space-y-2 pl-5">
        {STEPS[platform].map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </Dialog>
  );
}
