import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Plus } from "lucide-react";
import { POULTRY_SPECIES } from "@flockkeeper/shared/domain/species-labels";
import { SPECIES_LABELS } from "@flockkeeper/shared/domain/species-labels";
import { PageHeader } from "@/components/page-header";
import { LoadingPanel } from "@/components/loading-panel";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, buttonClass, type ButtonProps } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FieldError, Input, Label, Select, Textarea } from "@/components/ui/input";
import { SpeciesArt } from "@/components/ui/species-art";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

// The form kit brings react-hook-form and zod: loaded after the page's first paint.
const DesignFormKit = lazy(() => import("../design-form-kit"));

// The design system's reference page (issue 25 item 9): every token and every component of
// components/ui in each of its states, in whichever theme the device asks for. Not in the sitemap.

/** Colour roles: the utility class that paints the swatch, and the custom property behind it. */
const COLOURS = [
  { name: "canvas", swatch: "bg-canvas", use: "The page behind everything" },
  { name: "surface", swatch: "bg-surface", use: "Cards, dialogs, fields" },
  { name: "surface-muted", swatch: "bg-surface-muted", use: "Tab bars, quiet panels" },
  { name: "ink", swatch: "bg-ink", use: "Body text and headings" },
  { name: "ink-muted", swatch: "bg-ink-muted", use: "Secondary text" },
  { name: "line", swatch: "bg-line", use: "Borders between things" },
  { name: "line-strong", swatch: "bg-line-strong", use: "Field borders" },
  { name: "accent", swatch: "bg-accent", use: "Primary actions" },
  { name: "accent-strong", swatch: "bg-accent-strong", use: "Primary action, hovered" },
  { name: "on-accent", swatch: "bg-on-accent", use: "Text on the accent" },
  { name: "accent-soft", swatch: "bg-accent-soft", use: "Highlighted panels" },
  { name: "accent-ink", swatch: "bg-accent-ink", use: "Text on highlighted panels" },
  { name: "focus", swatch: "bg-focus", use: "The keyboard focus ring" },
  { name: "danger", swatch: "bg-danger", use: "Errors, destructive actions" },
  { name: "success", swatch: "bg-success", use: "Done, healthy" },
] as const;

const TYPE = [
  { name: "display", cls: "text-display font-extrabold", sample: "A warm welcome" },
  { name: "headline", cls: "text-headline font-extrabold", sample: "Page heading" },
  { name: "title", cls: "text-title font-bold", sample: "Card title" },
  { name: "lead", cls: "text-lead", sample: "An introduction to a page" },
  { name: "body", cls: "text-body", sample: "Body text for reading" },
  { name: "caption", cls: "text-caption", sample: "Captions, hints and dates" },
] as const;

const SPACES = [
  { name: "1 (--spacing)", cls: "w-1" },
  { name: "2", cls: "w-2" },
  { name: "4 = gutter", cls: "w-gutter" },
  { name: "6", cls: "w-6" },
  { name: "section", cls: "w-section" },
] as const;

const RADII = [
  { name: "control", cls: "rounded-control" },
  { name: "card", cls: "rounded-card" },
  { name: "pill", cls: "rounded-pill" },
] as const;

const ELEVATIONS = [
  { name: "raised", cls: "shadow-raised" },
  { name: "overlay", cls: "shadow-overlay" },
] as const;

const VARIANTS: NonNullable<ButtonProps["variant"]>[] = [
  "primary",
  "secondary",
  "ghost",
  "destructive",
  "success",
];
const SIZES: NonNullable<ButtonProps["size"]>[] = ["sm", "md", "lg"];
const BADGES: BadgeTone[] = ["neutral", "green", "yellow", "red", "blue", "amber", "purple"];
const ALERTS = ["info", "warning", "danger", "success"] as const;

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mb-section">
      <h2 id={id} className="mb-3 text-headline font-extrabold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function DesignPage() {
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <meta name="robots" content="noindex" />
      <PageHeader
        title="Design system"
        description="FlockKeeper's tokens and components, each in every state. The page follows your device's light or dark setting."
      />

      <Section id="colour" title="Colour">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {COLOURS.map((c) => (
            <li key={c.name} className="flex items-center gap-3">
              <span
                aria-hidden
                className={`size-12 shrink-0 rounded-control border border-line ${c.swatch}`}
              />
              <span className="min-w-0">
                <code className="block font-semibold break-all text-ink">--color-{c.name}</code>
                <span className="text-caption text-ink-muted">{c.use}</span>
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="type" title="Type scale">
        <ul className="space-y-2">
          {TYPE.map((t) => (
            <li key={t.name} className="flex flex-wrap items-baseline gap-x-4">
              <code className="w-28 shrink-0 text-caption text-ink-muted">--text-{t.name}</code>
              <span className={`${t.cls} text-ink`}>{t.sample}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="space" title="Spacing, radius and elevation">
        <div className="grid gap-6 md:grid-cols-3">
          <ul className="space-y-2" aria-label="Spacing">
            {SPACES.map((s) => (
              <li key={s.name} className="flex items-center gap-3">
                <span aria-hidden className={`h-4 bg-accent ${s.cls}`} />
                <code className="text-caption text-ink-muted">{s.name}</code>
              </li>
            ))}
          </ul>
          <ul className="flex flex-wrap gap-3" aria-label="Radius">
            {RADII.map((r) => (
              <li key={r.name} className="text-center">
                <span
                  aria-hidden
                  className={`mx-auto block size-16 border-2 border-accent bg-accent-soft ${r.cls}`}
                />
                <code className="text-caption text-ink-muted">--radius-{r.name}</code>
              </li>
            ))}
          </ul>
          <ul className="flex flex-wrap gap-4" aria-label="Elevation">
            {ELEVATIONS.map((e) => (
              <li key={e.name} className="text-center">
                <span
                  aria-hidden
                  className={`mx-auto block size-16 rounded-card bg-surface ${e.cls}`}
                />
                <code className="text-caption text-ink-muted">--shadow-{e.name}</code>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="buttons" title="Buttons">
        <div className="space-y-3">
          {VARIANTS.map((v) => (
            <div key={v} className="flex flex-wrap items-center gap-2">
              <code className="w-24 text-caption text-ink-muted">{v}</code>
              {SIZES.map((s) => (
                <Button key={s} variant={v} size={s}>
                  {s === "sm" ? "Small" : s === "md" ? "Default" : "Large"}
                </Button>
              ))}
              <Button variant={v} disabled>
                Disabled
              </Button>
              <Button variant={v} size="icon" aria-label={`Add (${v})`}>
                <Plus aria-hidden />
              </Button>
            </div>
          ))}
          <Link to="/chicken-tracker" className={buttonClass("secondary")}>
            A link styled as a button
          </Link>
        </div>
      </Section>

      <Section id="badges" title="Badges and alerts">
        <div className="mb-4 flex flex-wrap gap-2">
          {BADGES.map((b) => (
            <Badge key={b} tone={b}>
              {b}
            </Badge>
          ))}
        </div>
        <div className="grid gap-2 md:grid-cols-2">
          {ALERTS.map((a) => (
            <Alert key={a} tone={a}>
              <strong className="capitalize">{a}:</strong> a bordered message for the keeper.
            </Alert>
          ))}
        </div>
      </Section>

      <Section id="fields" title="Fields">
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <Label htmlFor="ds-name">Bird name</Label>
            <Input id="ds-name" placeholder="e.g. Henrietta" />
          </div>
          <div>
            <Label htmlFor="ds-invalid">Eggs today</Label>
            <Input
              id="ds-invalid"
              defaultValue="-1"
              aria-invalid="true"
              aria-describedby="ds-invalid-error"
            />
            <FieldError id="ds-invalid-error" message="Must be 0 or more" />
          </div>
          <div>
            <Label htmlFor="ds-disabled">Disabled</Label>
            <Input id="ds-disabled" defaultValue="Cannot change" disabled />
          </div>
          <div>
            <Label htmlFor="ds-species">Species</Label>
            <Select id="ds-species" defaultValue="duck">
              {POULTRY_SPECIES.map((s) => (
                <option key={s} value={s}>
                  {SPECIES_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <div className="md:col-span-2">
            <Label htmlFor="ds-notes">Notes</Label>
            <Textarea id="ds-notes" placeholder="Anything worth remembering" />
          </div>
        </div>
      </Section>

      <Section id="form-kit" title="Form kit">
        <p className="mb-3 text-ink-muted">
          <code>Form</code>, <code>Field</code> and <code>FormError</code> from{" "}
          <code>components/ui/form.tsx</code>: checked by the same schema the server uses, the first
          message per field under it, the form&apos;s own message above the actions.
        </p>
        <Suspense fallback={<LoadingPanel />}>
          <DesignFormKit />
        </Suspense>
      </Section>

      <Section id="surfaces" title="Cards, tabs and dialog">
        <div className="grid gap-4 md:grid-cols-2">
          <Card>
            <CardTitle>A card</CardTitle>
            <p className="mt-1 text-ink-muted">Cards hold one thing: a bird, a record, a tool.</p>
            <Button className="mt-3" onClick={() => setDialogOpen(true)}>
              Open a dialog
            </Button>
          </Card>
          <Tabs defaultValue="one">
            <TabsList aria-label="Example tabs">
              <TabsTrigger value="one">Overview</TabsTrigger>
              <TabsTrigger value="two">Records</TabsTrigger>
              <TabsTrigger value="three">Analytics</TabsTrigger>
            </TabsList>
            <TabsContent value="one">The selected tab sits on the surface.</TabsContent>
            <TabsContent value="two">Arrow keys move between tabs.</TabsContent>
            <TabsContent value="three">Each tab is a button with a 44 px target.</TabsContent>
          </Tabs>
        </div>
        <Dialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          title="A dialog"
          description="Focus stays inside until it closes; Escape closes it."
        >
          <Button onClick={() => setDialogOpen(false)}>Close</Button>
        </Dialog>
      </Section>

      <Section id="species" title="Species illustrations">
        <ul className="grid grid-cols-3 gap-4 sm:grid-cols-6">
          {POULTRY_SPECIES.map((s) => (
            <li key={s} className="flex flex-col items-center gap-1 text-center">
              <SpeciesArt species={s} size={80} />
              <span className="text-caption font-semibold text-ink">{SPECIES_LABELS[s]}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="states" title="Empty and loading">
        <div className="grid gap-4 md:grid-cols-2">
          <EmptyState
            title="No birds yet"
            headingLevel={3}
            species="duck"
            action={<Button>Add your first bird</Button>}
          >
            An empty list says what it is for and offers the first step.
          </EmptyState>
          <LoadingPanel label="Loading the vaccination tracker…" />
        </div>
      </Section>
    </>
  );
}
