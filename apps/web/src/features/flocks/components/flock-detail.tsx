import { useState } from "react";
import { FUTURE_DATE_MESSAGE } from "@flockkeeper/shared/schemas/common";
import {
  createFlockEventBody,
  FLOCK_EVENT_LABELS,
  GAIN_EVENTS,
  isGainEvent,
  LOSS_EVENTS,
  updateFlockEventBody,
  type Flock,
  type FlockEvent,
  type FlockEventType,
} from "@flockkeeper/shared/schemas/flock";
import {
  LOSS_CAUSE_LABELS,
  LOSS_CAUSES,
  takesLossCause,
  type LossCause,
} from "@flockkeeper/shared/domain/loss";
import type { ConditionSummary } from "@flockkeeper/shared/schemas/loss";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { conditionOf, LossAdvice } from "@/components/loss-advice";
import { SeriesChart } from "@/components/series-chart";
import { EggGuard, MeatWarning } from "@/components/egg-guard";
import { Button } from "@/components/ui/button";
import { Field, Form, FormError, useZodForm } from "@/components/ui/form";
import { Input, Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { formatDay } from "@/lib/dates";
import { useFarmPermissions } from "@/lib/farms";
import { useDeferredDelete } from "@/lib/deferred-delete";
import { useFlocks } from "@/lib/flocks";
import { useHealthConditions } from "@/lib/health-conditions";
import { isQueued } from "@/lib/outbox";
import { toast } from "@/lib/toast";
import { toastSaved } from "@/lib/saved-toast";
import {
  keeperToday,
  useCreateFlockEvent,
  useFlock,
  useFlockEvents,
  useFlockProduction,
  useInvalidateFlocks,
  useUpdateFlock,
  useUpdateFlockEvent,
} from "../api/flocks";
import { DeleteFlock, EditFlockForm } from "./edit-flock-form";
import { showServerErrors } from "@/lib/server-errors";
import { sexSplitText } from "../lib/headcount-text";
import { chartColor } from "@/lib/chart-colors";

const PERIOD_DAYS = 30;
/** Losses for which the keeper says why. */
const WITH_CAUSE = new Set<FlockEventType>([
  "died",
  "culled",
  "predator",
  "missing",
  "slaughtered",
]);
/** Events with money: a sale (buyer and price) or a purchase (price). */
const WITH_PRICE = new Set<FlockEventType>(["sold", "acquired"]);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A flock's headcount, production over hen-days with charts, and its life events. */
export function FlockDetail({ flock: initial, onClose }: { flock: Flock; onClose: () => void }) {
  const perms = useFarmPermissions();
  const flock = useFlock(initial.id).data ?? initial;
  const production = useFlockProduction(initial.id, PERIOD_DAYS);
  const events = useFlockEvents(initial.id);
  const archive = useUpdateFlock();
  const invalidate = useInvalidateFlocks();
  const deletions = useDeferredDelete();
  const [recording, setRecording] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [editingFlock, setEditingFlock] = useState(false);

  const p = production.data;
  // From the flock's first day: days before it started are not zero-bird days.
  const chartDays = (p?.days ?? [])
    .filter((d) => d.date >= flock.startDate)
    .map((d) => ({
      date: d.date,
      layRate: d.layRate,
      eggs: d.eggs,
      headcount: d.headcount,
    }));
  const list = [...(events.data ?? [])]
    .filter((e) => !deletions.hidden.has(e.id))
    .sort((a, b) =>
      a.date < b.date ? 1 : a.date > b.date ? -1 : b.createdAt.localeCompare(a.createdAt),
    );

  const toggleArchive = async () => {
    try {
      await archive.mutateAsync({ id: flock.id, body: { archived: !flock.archived } });
      toast({ title: flock.archived ? "Flock restored" : "Flock archived", variant: "success" });
      onClose();
    } catch (err) {
      toast({ title: errorMessage(err), variant: "destructive" });
    }
  };

  return (
    <div className="space-y-5">
      <EggGuard name={flock.name} until={flock.eggsWithheldUntil} />
      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-amber-50 p-3">
          <p className="text-sm font-semibold text-amber-900">Headcount today</p>
          <p className="text-2xl font-extrabold text-stone-900" data-testid="detail-headcount">
            {plural(flock.headcount, "bird", "birds")}
          </p>
          {sexSplitText(flock) && <p className="text-sm text-stone-700">{sexSplitText(flock)}</p>}
        </div>
        <div className="rounded-xl bg-amber-50 p-3" data-testid="detail-lay-rate">
          <p className="text-sm font-semibold text-amber-900">Lay rate</p>
          {production.isLoading ? (
            <p className="text-stone-700">Loading…</p>
          ) : !p || p.layRate === null ? (
            <p className="text-sm text-stone-700">No eggs logged in the last {PERIOD_DAYS} days.</p>
          ) : (
            <>
              <p className="text-2xl font-extrabold text-stone-900">{p.layRate.toFixed(1)}%</p>
              <p className="text-sm text-stone-700">
                over {plural(p.daysWithRecords, "day", "days")} with records (
                {plural(p.eggs, "egg", "eggs")} / {plural(p.henDays, "hen-day", "hen-days")})
              </p>
            </>
          )}
        </div>
      </div>

      {p && p.daysWithRecords > 0 && (
        <div className="grid gap-3">
          <SeriesChart title="Lay rate" data={chartDays} dataKey="layRate" unit="%" kind="line" />
          <SeriesChart title="Eggs per day" data={chartDays} dataKey="eggs" unit="eggs" />
          <SeriesChart
            title="Headcount"
            data={chartDays}
            dataKey="headcount"
            unit="birds"
            kind="line"
            color={chartColor(2)}
          />
        </div>
      )}

      <section aria-labelledby="flock-events-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="flock-events-title" className="text-lg font-bold text-stone-900">
            Gains and losses
          </h3>
          {!recording && (
            <Button onClick={() => setRecording(true)} data-track="Record flock event">
              Record event
            </Button>
          )}
        </div>
        {recording && <RecordEventForm flock={flock} onDone={() => setRecording(false)} />}

        {events.isLoading ? (
          <p className="text-stone-700">Loading events…</p>
        ) : list.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">No events yet.</p>
        ) : (
          <ul aria-label="Flock events" className="mt-3 divide-y divide-stone-200">
            {list.map((e) => (
              <li key={e.id} className="py-2" data-testid="flock-event">
                {editingId === e.id ? (
                  <EditEventForm flockId={flock.id} event={e} onDone={() => setEditingId(null)} />
                ) : (
                  <EventRow
                    event={e}
                    seeMoney={perms.seeMoney}
                    canChange={perms.changeRecord(e)}
                    onEdit={() => setEditingId(e.id)}
                    onDelete={() =>
                      deletions.remove({
                        id: e.id,
                        url: `/api/flocks/${flock.id}/events/${e.id}`,
                        title: `${FLOCK_EVENT_LABELS[e.type]} (${e.count}) deleted`,
                        onDeleted: invalidate,
                      })
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {perms.manageBirds && (
        <div className="space-y-3 border-t border-stone-200 pt-3">
          {editingFlock ? (
            <EditFlockForm flock={flock} onDone={() => setEditingFlock(false)} />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setEditingFlock(true)}>
                Edit flock
              </Button>
              <Button
                variant="secondary"
                onClick={() => void toggleArchive()}
                disabled={archive.isPending}
              >
                {flock.archived ? "Restore flock" : "Archive flock"}
              </Button>
            </div>
          )}
          <DeleteFlock flock={flock} events={events.data?.length ?? 0} onDeleted={onClose} />
        </div>
      )}
    </div>
  );
}

function EventRow({
  event: e,
  seeMoney,
  canChange,
  onEdit,
  onDelete,
}: {
  event: FlockEvent;
  seeMoney: boolean;
  canChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const gain = isGainEvent(e.type);
  const conditions = useHealthConditions(takesLossCause(e.type));
  const condition = conditionOf(conditions.data, e.conditionId);
  const details = [
    e.females !== null || e.males !== null
      ? [e.females ? `${e.females} F` : null, e.males ? `${e.males} M` : null]
          .filter(Boolean)
          .join(", ")
      : null,
    e.lossCause ? `cause: ${LOSS_CAUSE_LABELS[e.lossCause].toLowerCase()}` : null,
    condition ? condition.name : null,
    e.cause,
    e.buyer ? `to ${e.buyer}` : null,
    seeMoney && e.price !== null ? `price ${e.price.toLocaleString()}` : null,
    e.notes,
  ].filter(Boolean);
  const label = FLOCK_EVENT_LABELS[e.type];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">
          <span className={gain ? "text-green-800" : "text-red-800"}>
            {gain ? "+" : "−"}
            {e.count}
          </span>{" "}
          {label}
        </p>
        <p className="text-sm text-stone-700">
          {formatDay(e.date)}
          {details.length > 0 ? ` · ${details.join(" · ")}` : ""}
        </p>
        <div className="mt-1">
          <LossAdvice
            type={e.type}
            count={e.count}
            lossCause={e.lossCause}
            conditionId={e.conditionId}
            conditions={conditions.data}
            compact
          />
        </div>
      </div>
      {canChange && (
        <div className="flex gap-1">
          <Button
            variant="secondary"
            size="sm"
            className="h-11"
            onClick={onEdit}
            aria-label={`Edit ${label} on ${formatDay(e.date)}`}
          >
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="h-11 text-red-800"
            onClick={onDelete}
            aria-label={`Delete ${label} on ${formatDay(e.date)}`}
          >
            Delete
          </Button>
        </div>
      )}
    </div>
  );
}

type EventValues = {
  type: string;
  date: string;
  count: string;
  females: string;
  males: string;
  toFlockId: string;
  cause: string;
  lossCause: string;
  conditionId: string;
  buyer: string;
  price: string;
  notes: string;
};
const EVENT_FIELDS = [
  "type",
  "date",
  "count",
  "females",
  "males",
  "toFlockId",
  "cause",
  "lossCause",
  "conditionId",
  "buyer",
  "price",
  "notes",
] as const;

/** What a chosen type sends: only the fields that type shows. */
function eventBody(v: EventValues) {
  const type = v.type as FlockEventType;
  return {
    type,
    date: v.date,
    count: v.count,
    females: v.females,
    males: v.males,
    toFlockId: type === "moved_out" ? v.toFlockId : undefined,
    cause: WITH_CAUSE.has(type) ? v.cause : undefined,
    lossCause: takesLossCause(type) ? (v.lossCause as LossCause | "") : undefined,
    conditionId: takesLossCause(type) ? v.conditionId : undefined,
    buyer: type === "sold" ? v.buyer : undefined,
    price: WITH_PRICE.has(type) ? v.price : undefined,
    notes: v.notes,
  };
}

function RecordEventForm({ flock, onDone }: { flock: Flock; onDone: () => void }) {
  const today = keeperToday();
  const { seeMoney } = useFarmPermissions();
  const create = useCreateFlockEvent(flock.id, flock.name);
  const flocks = useFlocks();
  const targets = (flocks.data ?? []).filter(
    (f) => f.id !== flock.id && f.species === flock.species,
  );
  const form = useZodForm({
    schema: createFlockEventBody,
    defaultValues: {
      type: "died",
      date: today,
      count: "1",
      females: "",
      males: "",
      toFlockId: "",
      cause: "",
      lossCause: "",
      conditionId: "",
      buyer: "",
      price: "",
      notes: "",
    } satisfies EventValues,
    toBody: (v: EventValues) => eventBody(v),
    check: (v: EventValues) => ({
      date: v.date > today && FUTURE_DATE_MESSAGE,
      toFlockId: v.type === "moved_out" && !v.toFlockId && "Choose the flock they move to",
    }),
  });
  const type = form.watch("type") as FlockEventType;
  const lossCause = form.watch("lossCause") as LossCause | "";
  const conditionId = form.watch("conditionId");
  const count = Number(form.watch("count"));
  const conditions = useHealthConditions(takesLossCause(type));

  const submit = async (_body: unknown, values: EventValues) => {
    try {
      const saved = await create.mutateAsync(eventBody(values));
      if (isQueued(saved)) {
        toast({
          title: `${FLOCK_EVENT_LABELS[values.type as FlockEventType]} kept on this phone`,
          description: "Sent when you are back online.",
          variant: "success",
        });
        onDone();
        return;
      }
      // A slaughter or sale within a meat withdrawal is recorded, with its warning (issue 20).
      const warning = saved.warnings?.[0];
      toast({
        title: `${FLOCK_EVENT_LABELS[values.type as FlockEventType]} recorded`,
        description: warning?.message,
        variant: warning ? "default" : "success",
      });
      onDone();
    } catch (err) {
      if (!showServerErrors(form, err, EVENT_FIELDS)) {
        form.setError("root", { type: "server", message: errorMessage(err) });
      }
    }
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-label="Record event"
      className="mt-3 space-y-3 rounded-xl border border-stone-200 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field name="type" id="event-type" label="What happened">
          {(p) => (
            <Select {...p}>
              <optgroup label="Gains">
                {GAIN_EVENTS.filter((t) => t !== "moved_in").map((t) => (
                  <option key={t} value={t}>
                    {FLOCK_EVENT_LABELS[t]}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Losses">
                {LOSS_EVENTS.map((t) => (
                  <option key={t} value={t}>
                    {t === "moved_out" ? "Moved to another flock" : FLOCK_EVENT_LABELS[t]}
                  </option>
                ))}
              </optgroup>
            </Select>
          )}
        </Field>
        <Field name="date" id="event-date" label="Date">
          {(p) => <Input {...p} type="date" max={today} />}
        </Field>
      </div>
      <div className="grid grid-cols-3 gap-3">
        <Field name="count" id="event-count" label="Count">
          {(p) => <Input {...p} inputMode="numeric" />}
        </Field>
        <Field name="females" id="event-females" label="Females">
          {(p) => <Input {...p} inputMode="numeric" />}
        </Field>
        <Field name="males" id="event-males" label="Males">
          {(p) => <Input {...p} inputMode="numeric" />}
        </Field>
      </div>
      {(type === "slaughtered" || type === "sold") && (
        <MeatWarning until={flock.meatWithheldUntil} today={today} />
      )}
      {type === "moved_out" && (
        <Field name="toFlockId" id="event-to-flock" label="Move to flock">
          {(p) => (
            <Select {...p}>
              <option value="">
                {targets.length === 0 ? "No other flock of this species" : "Choose a flock"}
              </option>
              {targets.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {takesLossCause(type) && (
        <LossCauseFields idPrefix="event" species={flock.species} conditions={conditions.data} />
      )}
      {WITH_CAUSE.has(type) && (
        <Field name="cause" id="event-cause" label="Cause (optional)">
          {(p) => <Input {...p} placeholder="e.g. fox, illness" />}
        </Field>
      )}
      {takesLossCause(type) && (
        <LossAdvice
          type={type}
          count={Number.isFinite(count) && count > 0 ? count : 1}
          lossCause={lossCause || null}
          conditionId={conditionId || null}
          conditions={conditions.data}
        />
      )}
      {type === "sold" && (
        <Field name="buyer" id="event-buyer" label="Buyer (optional)">
          {(p) => <Input {...p} />}
        </Field>
      )}
      {seeMoney && WITH_PRICE.has(type) && (
        <Field name="price" id="event-price" label="Price (optional)">
          {(p) => <Input {...p} inputMode="decimal" />}
        </Field>
      )}
      <FormError />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Saving…" : "Save event"}
        </Button>
      </div>
    </Form>
  );
}

type EditValues = {
  date: string;
  count: string;
  females: string;
  males: string;
  cause: string;
  lossCause: string;
  conditionId: string;
  buyer: string;
  price: string;
};
const EDIT_FIELDS = [
  "date",
  "count",
  "females",
  "males",
  "cause",
  "lossCause",
  "conditionId",
  "buyer",
  "price",
] as const;
const text = (v: string | number | null) => (v === null ? "" : String(v));

function EditEventForm({
  flockId,
  event,
  onDone,
}: {
  flockId: string;
  event: FlockEvent;
  onDone: () => void;
}) {
  const today = keeperToday();
  const { seeMoney } = useFarmPermissions();
  const update = useUpdateFlockEvent(flockId);
  const toBody = (v: EditValues) => ({
    date: v.date,
    count: v.count,
    females: v.females === "" ? null : v.females,
    males: v.males === "" ? null : v.males,
    ...(WITH_CAUSE.has(event.type) ? { cause: v.cause } : {}),
    ...(takesLossCause(event.type)
      ? { lossCause: (v.lossCause || null) as LossCause | null, conditionId: v.conditionId || null }
      : {}),
    ...(event.type === "sold" ? { buyer: v.buyer } : {}),
    ...(seeMoney && WITH_PRICE.has(event.type) ? { price: v.price === "" ? null : v.price } : {}),
  });
  const form = useZodForm({
    schema: updateFlockEventBody,
    defaultValues: {
      date: event.date,
      count: String(event.count),
      females: text(event.females),
      males: text(event.males),
      cause: text(event.cause),
      lossCause: text(event.lossCause),
      conditionId: text(event.conditionId),
      buyer: text(event.buyer),
      price: text(event.price),
    } satisfies EditValues,
    toBody,
    check: (v: EditValues) => ({ date: v.date > today && FUTURE_DATE_MESSAGE }),
  });
  const label = FLOCK_EVENT_LABELS[event.type];
  const flocks = useFlocks();
  const species = flocks.data?.find((f) => f.id === flockId)?.species;
  const conditions = useHealthConditions(takesLossCause(event.type));

  const submit = async (_body: unknown, values: EditValues) => {
    try {
      toastSaved(
        await update.mutateAsync({ id: event.id, body: toBody(values), event }),
        `${label} corrected`,
      );
      onDone();
    } catch (err) {
      if (!showServerErrors(form, err, EDIT_FIELDS)) {
        form.setError("root", { type: "server", message: errorMessage(err) });
      }
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label={`Edit ${label}`} className="space-y-3">
      <p className="font-semibold text-stone-900">{label}</p>
      <div className="grid grid-cols-2 gap-3">
        <Field name="date" id={`edit-${event.id}-date`} label="Date">
          {(p) => <Input {...p} type="date" max={today} />}
        </Field>
        <Field name="count" id={`edit-${event.id}-count`} label="Count">
          {(p) => <Input {...p} inputMode="numeric" />}
        </Field>
        <Field name="females" id={`edit-${event.id}-females`} label="Females">
          {(p) => <Input {...p} inputMode="numeric" />}
        </Field>
        <Field name="males" id={`edit-${event.id}-males`} label="Males">
          {(p) => <Input {...p} inputMode="numeric" />}
        </Field>
      </div>
      {takesLossCause(event.type) && (
        <LossCauseFields
          idPrefix={`edit-${event.id}`}
          species={species}
          conditions={conditions.data}
        />
      )}
      {WITH_CAUSE.has(event.type) && (
        <Field name="cause" id={`edit-${event.id}-cause`} label="Cause (optional)">
          {(p) => <Input {...p} />}
        </Field>
      )}
      {event.type === "sold" && (
        <Field name="buyer" id={`edit-${event.id}-buyer`} label="Buyer (optional)">
          {(p) => <Input {...p} />}
        </Field>
      )}
      {seeMoney && WITH_PRICE.has(event.type) && (
        <Field name="price" id={`edit-${event.id}-price`} label="Price (optional)">
          {(p) => <Input {...p} inputMode="decimal" />}
        </Field>
      )}
      <FormError />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </div>
    </Form>
  );
}

/** A died or culled event's cause from the short list and its condition of the conditions base. */
function LossCauseFields({
  idPrefix,
  species,
  conditions,
}: {
  idPrefix: string;
  species: PoultrySpecies | undefined;
  conditions: readonly ConditionSummary[] | undefined;
}) {
  const offered = (conditions ?? []).filter((c) => !species || c.species.includes(species));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field name="lossCause" id={`${idPrefix}-loss-cause`} label="Loss cause">
        {(p) => (
          <Select {...p}>
            <option value="">Not recorded</option>
            {LOSS_CAUSES.map((c) => (
              <option key={c} value={c}>
                {LOSS_CAUSE_LABELS[c]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="conditionId" id={`${idPrefix}-condition`} label="Condition (optional)">
        {(p) => (
          <Select {...p}>
            <option value="">None</option>
            {offered.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}
