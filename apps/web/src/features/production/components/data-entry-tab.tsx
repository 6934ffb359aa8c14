import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type {
  EnvironmentalRecord,
  FeedRecord,
  WeightRecord,
} from "@flockkeeper/shared/schemas/production";
import { Download, Scale, Thermometer, Wheat } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatTemperature, formatWeight, useUnits } from "@/lib/units";
import { exportUrl, productionKey } from "../api/production";
import { useChickens } from "@/lib/chickens";
import { useRecentEnvironment, useRecentFeed, useRecentWeights } from "../api/records";
import { EnvironmentalRecordDialog, FeedRecordDialog, WeightRecordDialog } from "./record-dialogs";
import { formatDay } from "@/lib/dates";
import { loggedBy, useFarmPermissions, useMemberNames } from "@/lib/farms";
import { useDeferredDelete } from "@/lib/deferred-delete";
import { RecordActions } from "@/components/record-actions";

type Item = {
  id: string;
  main: string;
  sub: string;
  /** Names the record for screen readers ("feed record for Mabel, 3 Nov"). */
  what: string;
  onEdit?: () => void;
  onDelete?: () => void;
};

/** Recent lists show 5 entries (spec section 9). */
const SHOWN = 5;

function RecentList({
  title,
  empty,
  purpose,
  action,
  items,
}: {
  title: string;
  empty: string;
  /** What the list is for, shown while it is empty. */
  purpose: string;
  /** The first action, shown while the list is empty. */
  action: { label: string; onClick: () => void };
  items: Item[] | undefined;
}) {
  return (
    <Card>
      <CardTitle className="text-base">{title}</CardTitle>
      {!items ? (
        <p className="mt-2 text-sm text-stone-600">Loading…</p>
      ) : items.length === 0 ? (
        <EmptyState
          title={empty}
          species="guinea_fowl"
          headingLevel={4}
          className="mt-2 px-2 py-4"
          action={
            <Button variant="secondary" onClick={action.onClick}>
              {action.label}
            </Button>
          }
        >
          {purpose}
        </EmptyState>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {items.slice(0, SHOWN).map((i) => (
            <li key={i.id} className="flex items-start justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-semibold break-words text-stone-900">{i.main}</p>
                <p className="text-stone-600">{i.sub}</p>
              </div>
              <RecordActions what={i.what} onEdit={i.onEdit} onDelete={i.onDelete} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The three record dialogs, the recent feed, weight and coop records, and CSV export. */
export function DataEntryTab({ period }: { period: number }) {
  const [open, setOpen] = useState<"feed" | "weight" | "environment" | null>(null);
  const [editing, setEditing] = useState<
    | { kind: "feed"; record: FeedRecord }
    | { kind: "weight"; record: WeightRecord }
    | { kind: "environment"; record: EnvironmentalRecord }
    | null
  >(null);
  const qc = useQueryClient();
  const deletions = useDeferredDelete();
  const flock = useChickens();
  const feed = useRecentFeed(period);
  const weights = useRecentWeights(period);
  const env = useRecentEnvironment(period);
  const { temperatureUnit, weightUnit } = useUnits();
  const { exportData, changeRecord } = useFarmPermissions();
  /** Edit and Delete of a row, for those who may change it; the row goes at once, Undo for 5 s. */
  const actions = <R extends { id: string }>(
    r: R,
    list: string,
    title: string,
    edit: () => void,
  ) =>
    changeRecord(r)
      ? {
          onEdit: edit,
          onDelete: () =>
            deletions.remove({
              id: r.id,
              url: `/api/${list}/${r.id}`,
              title,
              onDeleted: () => qc.invalidateQueries({ queryKey: productionKey }),
            }),
        }
      : {};
  const visible = <R extends { id: string }>(rows: R[] | undefined) =>
    rows?.filter((r) => !deletions.hidden.has(r.id));
  const { members, userId } = useMemberNames();
  /** "· logged by Sam" after a record another member logged. */
  const by = (r: object) => {
    const text = loggedBy(r, userId, members);
    return text ? ` · ${text}` : "";
  };
  const chickens = flock.data ?? [];
  const close = (o: boolean) => !o && setOpen(null);

  return (
    <div className="space-y-4">
      {flock.data && chickens.length === 0 && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          Add birds in the Flock Manager to record feed and weight for them.
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-3">
        <Button onClick={() => setOpen("feed")} data-track="Add Feed Record">
          <Wheat size={18} aria-hidden /> Add feed record
        </Button>
        <Button onClick={() => setOpen("weight")} data-track="Add Weight Record">
          <Scale size={18} aria-hidden /> Add weight record
        </Button>
        <Button onClick={() => setOpen("environment")} data-track="Add Environmental Record">
          <Thermometer size={18} aria-hidden /> Add environmental record
        </Button>
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        <RecentList
          title="Recent feed"
          empty="No feed recorded in this period."
          purpose="Feed given per bird and its cost: the cost per dozen and feed efficiency come from it."
          action={{ label: "Record feed", onClick: () => setOpen("feed") }}
          items={visible(feed.data)?.map((r) => ({
            id: r.id,
            what: `feed record for ${r.chickenName}, ${formatDay(r.date)}`,
            ...actions(r, "feed-records", "Feed record deleted", () =>
              setEditing({ kind: "feed", record: r }),
            ),
            main: `${r.chickenName}: ${formatWeight(r.feedAmount, weightUnit, 2)} ${r.feedType}`,
            sub: `${formatDay(r.date)}${r.feedCost !== null ? ` · $${r.feedCost.toFixed(2)}` : ""}${by(r)}`,
          }))}
        />
        <RecentList
          title="Recent weights"
          empty="No weigh-ins in this period."
          purpose="Weigh-ins with body condition, so a bird losing weight is flagged early."
          action={{ label: "Record a weight", onClick: () => setOpen("weight") }}
          items={visible(weights.data)?.map((r) => ({
            id: r.id,
            what: `weight record for ${r.chickenName}, ${formatDay(r.date)}`,
            ...actions(r, "weight-records", "Weight record deleted", () =>
              setEditing({ kind: "weight", record: r }),
            ),
            main: `${r.chickenName}: ${formatWeight(r.weight, weightUnit, 2)}`,
            sub: `${formatDay(r.date)} · ${r.bodyCondition}${by(r)}`,
          }))}
        />
        <RecentList
          title="Recent coop readings"
          empty="No coop readings in this period."
          purpose="Temperature, humidity and conditions in the coop, for the heat and storm alerts."
          action={{ label: "Record a coop reading", onClick: () => setOpen("environment") }}
          items={visible(env.data)?.map((r) => ({
            id: r.id,
            what: `coop reading of ${formatDay(r.date)}`,
            ...actions(r, "environmental-records", "Coop reading deleted", () =>
              setEditing({ kind: "environment", record: r }),
            ),
            main:
              [
                r.temperature !== null ? formatTemperature(r.temperature, temperatureUnit) : null,
                r.humidity !== null ? `${r.humidity}% humidity` : null,
                r.weather,
              ]
                .filter(Boolean)
                .join(", ") || "Reading",
            sub:
              [
                formatDay(r.date),
                r.coopCondition?.replace(/_/g, " "),
                r.ventilation && `${r.ventilation} ventilation`,
              ]
                .filter(Boolean)
                .join(" · ") + by(r),
          }))}
        />
      </div>
      {exportData && (
        <Card id="pd-export">
          <CardTitle className="text-base">Export (last {period} days)</CardTitle>
          <div className="mt-2 flex flex-wrap gap-2">
            {(
              [
                ["feed", "Feed records"],
                ["weight", "Weight records"],
                ["environment", "Environmental records"],
                ["eggs", "Egg records"],
              ] as const
            ).map(([type, text]) => (
              <a
                key={type}
                href={exportUrl(type, period)}
                download
                data-track={`Export ${text}`}
                className="inline-flex h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-blue-700"
              >
                <Download size={16} aria-hidden /> {text} (CSV)
              </a>
            ))}
          </div>
        </Card>
      )}
      <FeedRecordDialog open={open === "feed"} onOpenChange={close} chickens={chickens} />
      <WeightRecordDialog open={open === "weight"} onOpenChange={close} chickens={chickens} />
      <EnvironmentalRecordDialog open={open === "environment"} onOpenChange={close} />
      <FeedRecordDialog
        open={editing?.kind === "feed"}
        onOpenChange={(o) => !o && setEditing(null)}
        chickens={chickens}
        record={editing?.kind === "feed" ? editing.record : null}
      />
      <WeightRecordDialog
        open={editing?.kind === "weight"}
        onOpenChange={(o) => !o && setEditing(null)}
        chickens={chickens}
        record={editing?.kind === "weight" ? editing.record : null}
      />
      <EnvironmentalRecordDialog
        open={editing?.kind === "environment"}
        onOpenChange={(o) => !o && setEditing(null)}
        record={editing?.kind === "environment" ? editing.record : null}
      />
    </div>
  );
}
