import { Link } from "react-router";
import { Tractor } from "lucide-react";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useCurrentFarm } from "@/lib/farms";
import { toast } from "@/lib/toast";
import { useSwitchFarm } from "../api/farms";

/**
 * The farm in use, in the header (signed in only): its name, a link to the Farm page, and with
 * several farms a native select to switch (keyboard and screen-reader friendly on every phone).
 * Nothing shows while the farms load, or on a server without farms.
 */
export function FarmSwitcher({ compact = false }: { compact?: boolean }) {
  const { farm, farms } = useCurrentFarm();
  const switchFarm = useSwitchFarm();
  if (!farm) return null;

  const linkClass = cn(
    "flex min-h-11 min-w-0 items-center gap-1 rounded-md px-1 text-sm font-semibold text-stone-900 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-blue-700",
  );

  if (farms.length < 2) {
    return (
      <Link
        to="/farm"
        className={cn(linkClass, !compact && "max-w-[8rem]")}
        title={`Farm: ${farm.name}`}
        aria-label={`Farm: ${farm.name}`}
        data-testid="farm-name"
      >
        <Tractor size={16} aria-hidden className="shrink-0 text-amber-800" />
        <span className="truncate">{farm.name}</span>
      </Link>
    );
  }

  const onChange = async (farmId: string) => {
    try {
      const list = await switchFarm.mutateAsync(farmId);
      const now = list.farms.find((f) => f.id === list.currentFarmId);
      toast({ title: `Now keeping ${now?.name ?? "another farm"}`, variant: "success" });
    } catch (err) {
      toast({ title: `Could not switch farms: ${errorMessage(err)}`, variant: "destructive" });
    }
  };

  return (
    <div className={cn("flex min-w-0 items-center gap-1", compact && "w-full py-1")}>
      <label htmlFor={compact ? "farm-switcher-mobile" : "farm-switcher"} className="sr-only">
        Farm in use
      </label>
      <select
        id={compact ? "farm-switcher-mobile" : "farm-switcher"}
        value={farm.id}
        disabled={switchFarm.isPending}
        onChange={(e) => void onChange(e.target.value)}
        data-testid="farm-switcher"
        className={cn(
          "h-11 min-w-0 truncate rounded-lg border border-stone-300 bg-white px-2 text-sm font-semibold text-stone-900 focus-visible:outline-3 focus-visible:outline-blue-700",
          compact ? "flex-1" : "max-w-[8rem]",
        )}
      >
        {farms.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </select>
      <Link
        to="/farm"
        className="flex size-11 shrink-0 items-center justify-center rounded-md text-stone-900 hover:bg-amber-100 focus-visible:outline-3 focus-visible:outline-blue-700"
        aria-label="Farm settings"
        title="Farm settings"
      >
        <Tractor size={18} aria-hidden className="text-amber-800" />
      </Link>
    </div>
  );
}
