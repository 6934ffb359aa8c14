import { lazy, Suspense, useRef, useState } from "react";
import { Camera, Download, Loader2, PlusCircle, RefreshCw, Search, Upload } from "lucide-react";
import { confidenceTone } from "@flockkeeper/shared/domain/rarity";
import type { BreedIdResult } from "@flockkeeper/shared/schemas/breed-id";
import { BirdPicker } from "@/components/bird-picker";
import { CameraCapture } from "@/components/camera/camera-capture";
import {
  BREED_PHOTO,
  MAX_PHOTO_BYTES,
  processImage,
  readFileAsDataUrl,
  stripDataUrlPrefix,
} from "@/lib/image";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { AnalysisOfflineNotice } from "@/components/needs-connection";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { signIn, useAuth } from "@/lib/auth";
import { isKept, useKeptAnalysis } from "@/lib/kept-analysis";
import { useOnline } from "@/lib/pwa";
import { toast } from "@/lib/toast";
import { renderUnitText } from "@flockkeeper/shared/domain/units";
import { useUnits } from "@/lib/units";
import { useIdentifyBreed } from "../api/identify-breed";
import { breedFailureReason } from "../lib/failure-reason";
import { RarityScore } from "./rarity-score";

// The add-to-flock form (and its validation schema) loads when the keeper opens it.
const AddToFlockDialog = lazy(() =>
  import("./add-to-flock-dialog").then((m) => ({ default: m.AddToFlockDialog })),
);

const speciesText = (s: string) => s.replace("_", " ");

/** Breed information as text, for the bird's notes ('Import'). */
function breedNotes(r: BreedIdResult): string {
  return [
    `${r.breed} (${speciesText(r.species)}), identified with ${Math.round(r.confidence)}% confidence.`,
    `Purpose: ${r.purpose}. Temperament: ${r.temperament}.`,
    `Eggs: ${r.eggProduction}, ${r.eggColor}. Weight: ${r.averageWeight}.`,
    r.careNotes.length ? `Care: ${r.careNotes.join(" ")}` : "",
  ]
    .filter(Boolean)
    .join("\n")
    .slice(0, 2000);
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-stone-50 p-2">
      <dt className="text-xs font-semibold text-stone-700 uppercase">{label}</dt>
      <dd className="text-sm text-stone-900">{value}</dd>
    </div>
  );
}

/**
 * Breed identifier (spec 'Breed identifier page' and the flock manager's Breed ID tab): photo or
 * camera, identification with confidence colours and rarity, 'Import' of the breed information,
 * and 'Add to My Flock' for signed-in keepers.
 */
export function BreedIdentifier() {
  const { isAuthenticated } = useAuth();
  const [photo, setPhoto] = useState<string | null>(null);
  const [result, setResult] = useState<BreedIdResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [birdId, setBirdId] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  const identify = useIdentifyBreed();
  const online = useOnline();
  const complete = (r: BreedIdResult) => {
    setResult(r);
    toast({
      title: "Breed Identified!",
      description: `Your ${speciesText(r.species)} appears to be a ${r.breed}`,
      variant: "success",
    });
  };
  const later = useKeptAnalysis<BreedIdResult>(complete);
  const units = useUnits();

  const showPhoto = async (src: string) => {
    try {
      const { dataUrl } = await processImage(src, BREED_PHOTO);
      setPhoto(dataUrl);
      later.setKept(null);
      setResult(null);
      setFailure(null);
      setImported(null);
      toast({
        title: "Image Enhanced",
        description: "Photo ready for breed identification.",
        variant: "success",
      });
    } catch {
      toast({
        title: "Processing Error",
        description: "Failed to process image. Please try a different photo.",
        variant: "destructive",
      });
    }
  };

  const onFile = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = "";
    if (!file) return;
    if (file.size > MAX_PHOTO_BYTES) {
      toast({
        title: "File too large",
        description: "Please select an image under 10MB",
        variant: "destructive",
      });
      return;
    }
    if (!file.type.startsWith("image/")) {
      setFailure(`Analysis failed: ${breedFailureReason("Invalid image")}`);
      toast({
        title: "Analysis Failed",
        description: breedFailureReason("Invalid image"),
        variant: "destructive",
      });
      return;
    }
    await showPhoto(await readFileAsDataUrl(file));
  };

  const run = () => {
    if (!photo) {
      toast({
        title: "No image selected",
        description: "Please select or capture an image first",
        variant: "destructive",
      });
      return;
    }
    setFailure(null);
    identify.mutate(
      { image: stripDataUrlPrefix(photo), timestamp: Date.now(), birdId: birdId || undefined },
      {
        onSuccess: (r) => (isKept(r) ? later.setKept(r.key) : complete(r)),
        onError: (e) => {
          const reason = breedFailureReason(errorMessage(e));
          setFailure(`Analysis failed: ${reason}`);
          toast({ title: "Analysis Failed", description: reason, variant: "destructive" });
        },
      },
    );
  };

  const tone = result ? confidenceTone(result.confidence) : "red";

  return (
    <section aria-label="Breed identifier">
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label="Upload a bird photo for breed identification"
        data-testid="breed-file"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Card>
        {photo ? (
          <img
            src={photo}
            alt="Bird to identify"
            className="mx-auto max-h-96 w-full max-w-[600px] rounded-lg object-contain"
          />
        ) : (
          <div className="text-center">
            <Search aria-hidden className="mx-auto text-amber-700" size={36} />
            <p className="mt-2 text-stone-800">
              Take or upload a photo of one bird, side-on and in daylight.
            </p>
          </div>
        )}
        <div className="mt-4 space-y-3">
          {photo && <BirdPicker value={birdId} onChange={setBirdId} />}
          <AnalysisOfflineNotice
            what="Breed identification"
            signedIn={isAuthenticated}
            kept={later.kept !== null}
          />
          <div className="flex flex-col justify-center gap-2 sm:flex-row">
            <Button variant={photo ? "secondary" : "primary"} onClick={() => setCameraOpen(true)}>
              <Camera aria-hidden /> Take Photo
            </Button>
            <Button variant="secondary" onClick={() => fileRef.current?.click()}>
              {photo ? <RefreshCw aria-hidden /> : <Upload aria-hidden />}{" "}
              {photo ? "Choose Different Photo" : "Upload Photo"}
            </Button>
            <Button
              onClick={run}
              disabled={identify.isPending || later.kept !== null || (!online && !isAuthenticated)}
              data-track="Identify Breed"
            >
              {identify.isPending ? (
                <>
                  <Loader2 aria-hidden className="animate-spin" /> Identifying...
                </>
              ) : (
                <>
                  <Search aria-hidden /> Identify Breed
                </>
              )}
            </Button>
          </div>
        </div>
      </Card>

      {failure && (
        <Alert tone="danger" className="mt-4" role="alert">
          {failure}
        </Alert>
      )}

      {result && (
        <Card className="mt-6" data-testid="breed-result">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>{result.breed}</CardTitle>
            <div className="flex flex-wrap gap-2">
              <Badge tone={tone} data-testid="breed-confidence">
                {Math.round(result.confidence)}% confidence
              </Badge>
              {result.method === "offline" && <Badge tone="neutral">Basic offline analysis</Badge>}
            </div>
          </div>
          <p className="mt-1 text-sm text-stone-700 capitalize">{speciesText(result.species)}</p>
          <p className="mt-3 text-stone-800">{result.description}</p>
          <div className="mt-4">
            <RarityScore rarity={result.rarity} />
          </div>
          <dl className="mt-4 grid gap-2 sm:grid-cols-3">
            <Fact label="Size" value={result.characteristics.size} />
            <Fact label="Purpose" value={result.purpose} />
            <Fact label="Temperament" value={result.temperament} />
            <Fact label="Egg production" value={result.eggProduction} />
            <Fact label="Egg colour" value={result.eggColor} />
            <Fact
              label="Average weight"
              value={
                result.averageWeightText
                  ? renderUnitText(result.averageWeightText, units)
                  : result.averageWeight
              }
            />
            <Fact label="Origin" value={result.characteristics.origin} />
            <Fact label="Feather pattern" value={result.physicalTraits.featherPattern} />
            <Fact label="Comb" value={result.physicalTraits.combType} />
          </dl>
          <div className="mt-4 space-y-3 text-sm text-stone-800">
            <p>
              <strong>Identification markers:</strong> {result.identificationMarkers}
            </p>
            <p>
              <strong>Colours:</strong>{" "}
              {result.physicalTraits.primaryColors.join(", ") || "not recorded"}
              {result.physicalTraits.specialFeatures.length > 0 &&
                `; features: ${result.physicalTraits.specialFeatures.join(", ")}`}
              . <strong>Body:</strong> {result.physicalTraits.bodyShape}
            </p>
            <p>
              <strong>Breeding notes:</strong> {result.breedingNotes}
            </p>
          </div>
          {result.careNotes.length > 0 && (
            <div className="mt-4">
              <h3 className="font-bold text-stone-900">Care notes</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-stone-800">
                {result.careNotes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            </div>
          )}
          {result.alternativeBreeds.length > 0 && (
            <div className="mt-4">
              <h3 className="font-bold text-stone-900">Could also be</h3>
              <ul className="mt-1 space-y-1 text-sm text-stone-800">
                {result.alternativeBreeds.map((a) => (
                  <li key={a.breed}>
                    <strong>{a.breed}</strong> ({Math.round(a.confidence)}%): {a.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="mt-5 flex flex-col gap-2 sm:flex-row">
            <Button
              variant="secondary"
              onClick={() => {
                setImported(breedNotes(result));
                toast({
                  title: "Breed Information Imported",
                  description: isAuthenticated
                    ? "The breed details will be added to the notes when you add this bird to your flock."
                    : "Sign in to add this bird, with its breed details, to your flock.",
                  variant: "success",
                });
              }}
            >
              <Download aria-hidden /> Import Breed Info
            </Button>
            {isAuthenticated ? (
              <Button onClick={() => setAddOpen(true)} data-track="Open Add To Flock">
                <PlusCircle aria-hidden /> Add to My Flock
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => signIn()}>
                Sign in to add to your flock
              </Button>
            )}
          </div>
          {addOpen && (
            <Suspense fallback={null}>
              <AddToFlockDialog
                open={addOpen}
                onOpenChange={setAddOpen}
                result={result}
                photo={photo}
                importedNotes={imported}
              />
            </Suspense>
          )}
        </Card>
      )}
      <CameraCapture
        open={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onCapture={(d) => {
          setCameraOpen(false);
          void showPhoto(d);
        }}
        title="Breed Identification"
        subtitle="Get the whole bird in the frame, side-on if you can"
        hint="Position the bird in frame"
      />
    </section>
  );
}
