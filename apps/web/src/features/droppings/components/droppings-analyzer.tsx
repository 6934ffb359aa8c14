import { useRef, useState } from "react";
import { Camera, Loader2, RefreshCw, ShieldAlert, Stethoscope, Upload } from "lucide-react";
import type { DroppingsResult } from "@flockkeeper/shared/schemas/droppings";
import { BirdPicker } from "@/components/bird-picker";
import { CameraCapture } from "@/components/camera/camera-capture";
import { ZoomablePreview } from "@/components/camera/zoomable-preview";
import { DROPPINGS_CAPTURE, DROPPINGS_UPLOAD, processImage, readFileAsDataUrl } from "@/lib/image";
import {
  DisclaimerModal,
  isAnalyzerDisclaimerAccepted,
  rememberedDisclaimerChoice,
} from "@/components/disclaimer-modal";
import { AnalysisOfflineNotice } from "@/components/needs-connection";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { isKept, useKeptAnalysis } from "@/lib/kept-analysis";
import { useOnline } from "@/lib/pwa";
import { toast } from "@/lib/toast";
import { useAnalyzeFeces } from "../api/analyze-feces";
import { AiDisclaimerBanner } from "./ai-disclaimer-banner";
import { DroppingsResults } from "./droppings-results";
import { DroppingsHelpCards } from "./help-cards";

type Gate = "open" | "accepted" | "declined";

/** Spec section 4: the analyzer stays hidden until the AI disclaimer is accepted. */
function initialGate(): Gate {
  if (isAnalyzerDisclaimerAccepted()) return "accepted";
  return rememberedDisclaimerChoice()?.accepted === false ? "declined" : "open";
}

/**
 * The droppings analyzer: AI disclaimer gate, take or upload a photo (enhanced in the browser),
 * zoomable preview, 'Analyze Health', results, and help cards.
 */
export function DroppingsAnalyzer() {
  const [gate, setGate] = useState<Gate>(initialGate);
  const [image, setImage] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [result, setResult] = useState<DroppingsResult | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [birdId, setBirdId] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  const analyze = useAnalyzeFeces();
  const online = useOnline();
  const { isAuthenticated } = useAuth();
  const complete = (r: DroppingsResult) => {
    setResult(r);
    toast({
      title: "Analysis Complete",
      description: "Chicken health analysis ready!",
      variant: "success",
    });
  };
  const later = useKeptAnalysis<DroppingsResult>(complete);

  const showImage = (dataUrl: string) => {
    setImage(dataUrl);
    setResult(null);
    setZoom(1);
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
    toast({
      title: "Processing Image",
      description: "Enhancing image for precise medical analysis...",
    });
    try {
      const { dataUrl } = await processImage(await readFileAsDataUrl(file), DROPPINGS_UPLOAD);
      showImage(dataUrl);
      toast({
        title: "Image Enhanced",
        description: "Photo optimized for precise health analysis!",
        variant: "success",
      });
    } catch {
      toast({
        title: "Processing Error",
        description: "Failed to process the image. Please try a different photo.",
        variant: "destructive",
      });
    }
  };

  const onCapture = async (dataUrl: string) => {
    setCameraOpen(false);
    try {
      const processed = await processImage(dataUrl, DROPPINGS_CAPTURE);
      showImage(processed.dataUrl);
      toast({
        title: "Photo Captured",
        description: processed.downscaled
          ? "Photo compressed and ready for analysis!"
          : "Feces photo ready for AI analysis!",
        variant: "success",
      });
    } catch {
      toast({
        title: "Processing Error",
        description: "Failed to process the image. Please try a different photo.",
        variant: "destructive",
      });
    }
  };

  const run = () => {
    if (!image) return;
    analyze.mutate(
      { image, birdId: birdId || undefined },
      {
        onSuccess: (r) => (isKept(r) ? later.setKept(r.key) : complete(r)),
        onError: (e) =>
          toast({
            title: "Analysis Failed",
            description: errorMessage(e) || "Failed to analyze the image. Please try again.",
            variant: "destructive",
          }),
      },
    );
  };

  const reset = () => {
    setImage(null);
    later.setKept(null);
    setResult(null);
    setZoom(1);
  };

  return (
    <div>
      <DisclaimerModal
        variant="ai"
        open={gate === "open"}
        onAccept={() => setGate("accepted")}
        onDecline={() => setGate("declined")}
      />
      <AiDisclaimerBanner />
      {gate !== "accepted" ? (
        <Card className="mt-4 text-center">
          <ShieldAlert aria-hidden className="mx-auto text-amber-700" />
          <p className="mt-2 text-stone-800">
            The analyzer is available after you accept the AI Health Analysis Disclaimer.
          </p>
          <Button className="mt-3" variant="secondary" onClick={() => setGate("open")}>
            Review disclaimer
          </Button>
        </Card>
      ) : (
        <section aria-label="Droppings analyzer" className="mt-4">
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label="Upload a droppings photo"
            data-testid="droppings-file"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          {!image ? (
            <Card className="text-center">
              <Stethoscope aria-hidden className="mx-auto text-amber-700" size={36} />
              <p className="mt-2 text-stone-800">
                Take or upload a clear photo of a fresh dropping.
              </p>
              <div className="mt-4 flex flex-col justify-center gap-2 sm:flex-row">
                <Button onClick={() => setCameraOpen(true)} data-track="Droppings Take Photo">
                  <Camera aria-hidden /> Take Photo
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => fileRef.current?.click()}
                  data-track="Droppings Upload Image"
                >
                  <Upload aria-hidden /> Upload Image
                </Button>
              </div>
            </Card>
          ) : (
            <Card>
              <ZoomablePreview
                src={image}
                alt="Droppings photo to analyse"
                zoom={zoom}
                onZoomChange={setZoom}
              />
              <div className="mt-4 space-y-3">
                <BirdPicker value={birdId} onChange={setBirdId} />
                <AnalysisOfflineNotice
                  what="Photo analysis"
                  signedIn={isAuthenticated}
                  kept={later.kept !== null}
                />
                <div className="flex flex-col justify-center gap-2 sm:flex-row">
                  <Button
                    onClick={run}
                    disabled={
                      analyze.isPending || later.kept !== null || (!online && !isAuthenticated)
                    }
                    data-track="Analyze Health"
                  >
                    {analyze.isPending ? (
                      <>
                        <Loader2 aria-hidden className="animate-spin" /> Analyzing...
                      </>
                    ) : (
                      <>
                        <Stethoscope aria-hidden /> Analyze Health
                      </>
                    )}
                  </Button>
                  <Button variant="secondary" onClick={reset} disabled={analyze.isPending}>
                    <RefreshCw aria-hidden /> Choose Different Image
                  </Button>
                </div>
              </div>
            </Card>
          )}
          {result && <DroppingsResults result={result} />}
          <CameraCapture
            open={cameraOpen}
            onClose={() => setCameraOpen(false)}
            onCapture={(d) => void onCapture(d)}
            title="Feces Health Analysis"
            subtitle="Position the feces sample in the frame for best results"
            hint="Position droppings in frame"
          />
          <DroppingsHelpCards />
        </section>
      )}
    </div>
  );
}
