import { useId, useRef, useState } from "react";
import { AlertTriangle, Camera, Loader2, RefreshCw, ScanHeart, Upload } from "lucide-react";
import type { BirdHealthResult } from "@flockkeeper/shared/schemas/bird-health";
import { SPECIES_LABELS } from "@flockkeeper/shared/domain/species-labels";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { BirdPicker } from "@/components/bird-picker";
import { CameraCapture } from "@/components/camera/camera-capture";
import { ZoomablePreview } from "@/components/camera/zoomable-preview";
import {
  MAX_PHOTO_BYTES,
  processImage,
  readFileAsDataUrl,
  SCANNER_PHOTO,
  stripDataUrlPrefix,
} from "@/lib/image";
import { Alert } from "@/components/ui/alert";
import { AnalysisOfflineNotice } from "@/components/needs-connection";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label, Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { isKept, useKeptAnalysis } from "@/lib/kept-analysis";
import { useOnline } from "@/lib/pwa";
import { toast } from "@/lib/toast";
import { useAnalyzeHealth } from "../api/analyze-health";
import { HealthResults } from "./health-results";

/** The species choices in display order (the keys of SPECIES_LABELS, the same order as POULTRY_SPECIES). */
const SPECIES = Object.keys(SPECIES_LABELS) as PoultrySpecies[];

const PROCESS_FAILED = "Failed to process image. Please try a different photo.";

/** AI Health Scanner: species, photo (upload or camera), zoomable preview, analysis and results. */
export function HealthScanner() {
  const [species, setSpecies] = useState<PoultrySpecies>("chicken");
  const [image, setImage] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [result, setResult] = useState<BirdHealthResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [birdId, setBirdId] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  const speciesId = useId();
  const analyze = useAnalyzeHealth();
  const online = useOnline();
  const { isAuthenticated } = useAuth();
  const complete = (r: BirdHealthResult) => {
    setResult(r);
    toast({
      title: "Analysis Complete",
      description: "Bird health analysis ready!",
      variant: "success",
    });
  };
  const later = useKeptAnalysis<BirdHealthResult>(complete);

  const showImage = async (src: string) => {
    try {
      const { dataUrl } = await processImage(src, SCANNER_PHOTO);
      setImage(dataUrl);
      setResult(null);
      setFailure(null);
      setZoom(1);
    } catch {
      toast({ title: "Processing Error", description: PROCESS_FAILED, variant: "destructive" });
    }
  };

  const onFile = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast({
        title: "Invalid File",
        description: "Please select an image file (JPG, PNG, etc.)",
        variant: "destructive",
      });
      return;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      toast({ title: "Image size must be less than 10MB", variant: "destructive" });
      return;
    }
    await showImage(await readFileAsDataUrl(file));
  };

  const run = () => {
    if (!image) return;
    setFailure(null);
    analyze.mutate(
      { image: stripDataUrlPrefix(image), species, birdId: birdId || undefined },
      {
        onSuccess: (r) => (isKept(r) ? later.setKept(r.key) : complete(r)),
        onError: (e) => {
          setFailure(`Failed to analyze health: ${errorMessage(e)}`);
          toast({
            title: "Analysis Failed",
            description: "Unable to analyze health from this image. Please try a different photo.",
            variant: "destructive",
          });
        },
      },
    );
  };

  return (
    <section aria-label="AI Health Scanner">
      <div
        className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
        role="note"
      >
        <p className="flex items-center gap-2 font-bold">
          <AlertTriangle aria-hidden size={18} /> For information only
        </p>
        <p className="mt-1">
          A photo check can be wrong and is not a diagnosis. Emergencies need a veterinarian.
        </p>
      </div>
      <Card className="mt-4">
        <div className="mx-auto max-w-[600px]">
          <Label htmlFor={speciesId}>Species</Label>
          <Select
            id={speciesId}
            value={species}
            onChange={(e) => setSpecies(e.target.value as PoultrySpecies)}
          >
            {SPECIES.map((s) => (
              <option key={s} value={s}>
                {SPECIES_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label="Upload a bird photo"
          data-testid="scanner-file"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        {!image ? (
          <div className="mt-4 text-center">
            <ScanHeart aria-hidden className="mx-auto text-amber-700" size={36} />
            <p className="mt-2 text-stone-800">
              Take or upload a clear, well-lit photo of the bird's head and body.
            </p>
            <div className="mt-4 flex flex-col justify-center gap-2 sm:flex-row">
              <Button onClick={() => setCameraOpen(true)}>
                <Camera aria-hidden /> Take Photo
              </Button>
              <Button variant="secondary" onClick={() => fileRef.current?.click()}>
                <Upload aria-hidden /> Upload Image
              </Button>
            </div>
          </div>
        ) : (
          <div className="mt-4 space-y-3">
            <ZoomablePreview
              src={image}
              alt="Bird photo to scan"
              zoom={zoom}
              onZoomChange={setZoom}
            />
            <BirdPicker value={birdId} onChange={setBirdId} />
            <AnalysisOfflineNotice
              what="Photo analysis"
              signedIn={isAuthenticated}
              kept={later.kept !== null}
            />
            <div className="flex flex-col justify-center gap-2 sm:flex-row">
              <Button
                onClick={run}
                disabled={analyze.isPending || later.kept !== null || (!online && !isAuthenticated)}
                data-track="Scan Bird Health"
              >
                {analyze.isPending ? (
                  <>
                    <Loader2 aria-hidden className="animate-spin" /> Analyzing...
                  </>
                ) : (
                  <>
                    <ScanHeart aria-hidden /> Analyze Health
                  </>
                )}
              </Button>
              <Button
                variant="secondary"
                disabled={analyze.isPending}
                onClick={() => {
                  setImage(null);
                  later.setKept(null);
                  setResult(null);
                  setFailure(null);
                  setZoom(1);
                }}
              >
                <RefreshCw aria-hidden /> Choose Different Image
              </Button>
            </div>
          </div>
        )}
      </Card>
      {failure && (
        <Alert tone="danger" className="mt-4" role="alert">
          {failure}
        </Alert>
      )}
      {result && <HealthResults result={result} />}
      <CameraCapture
        open={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onCapture={(d) => {
          setCameraOpen(false);
          void showImage(d);
        }}
        title="Bird Health Scan"
        subtitle="Get the bird's head and body in the frame, in good light"
        hint="Position the bird in frame"
      />
    </section>
  );
}
