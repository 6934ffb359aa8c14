import { Camera, HelpCircle } from "lucide-react";
import { Card, CardTitle } from "@/components/ui/card";

/** 'Camera Permissions Help' and 'How to Use This Tool'. */
export function DroppingsHelpCards() {
  return (
    <div className="mt-6 grid gap-4 md:grid-cols-2">
      <Card>
        <CardTitle className="flex items-center gap-2">
          <Camera aria-hidden size={20} /> Camera Permissions Help
        </CardTitle>
        <ul className="mt-2 space-y-2 text-sm text-stone-800">
          <li>
            <strong>Chrome / Edge:</strong> click the camera or lock icon in the address bar and
            allow the camera.
          </li>
          <li>
            <strong>Safari:</strong> Safari menu, Settings for This Website, Camera: Allow.
          </li>
          <li>
            <strong>Mobile:</strong> open the phone's Settings, find your browser, and allow Camera.
          </li>
          <li>After changing a permission, refresh this page.</li>
        </ul>
      </Card>
      <Card>
        <CardTitle className="flex items-center gap-2">
          <HelpCircle aria-hidden size={20} /> How to Use This Tool
        </CardTitle>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-stone-800">
          <li>Take a photo of a fresh dropping, or upload one, in good daylight.</li>
          <li>Fill most of the frame with the dropping, on a plain background.</li>
          <li>Zoom in to check the photo is sharp, then press Analyze Health.</li>
          <li>Read the results, and compare with earlier results if you are signed in.</li>
          <li>When in doubt, or if the bird seems unwell, contact a veterinarian.</li>
        </ol>
      </Card>
    </div>
  );
}
