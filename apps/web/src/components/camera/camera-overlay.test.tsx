import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { CameraOverlay as CameraCapture } from "./camera-overlay";

vi.mock("@/lib/toast", () => ({ toast: vi.fn() }));

type FakeTrack = {
  stop: ReturnType<typeof vi.fn>;
  getCapabilities: () => MediaTrackCapabilities & { torch?: boolean };
  applyConstraints: ReturnType<typeof vi.fn>;
};

/** A fake MediaStream whose tracks record being stopped. */
function fakeStream(torch: boolean) {
  const track: FakeTrack = {
    stop: vi.fn(),
    getCapabilities: () => (torch ? { torch: true } : {}),
    applyConstraints: vi.fn(() => Promise.resolve()),
  };
  const audioLike = { stop: vi.fn() };
  return {
    track,
    others: audioLike,
    stream: {
      getTracks: () => [track, audioLike],
      getVideoTracks: () => [track],
    } as unknown as MediaStream,
  };
}

const getUserMedia = vi.fn();
const drawImage = vi.fn();
const toDataURL = vi.fn(() => "data:image/jpeg;base64,AAAA");

beforeEach(() => {
  getUserMedia.mockReset();
  drawImage.mockReset();
  toDataURL.mockClear();
  vi.mocked(toast).mockClear();
  Object.defineProperty(navigator, "mediaDevices", {
    value: { getUserMedia },
    configurable: true,
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  Object.defineProperty(HTMLVideoElement.prototype, "videoWidth", {
    get: () => 1920,
    configurable: true,
  });
  Object.defineProperty(HTMLVideoElement.prototype, "videoHeight", {
    get: () => 1080,
    configurable: true,
  });
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({
    drawImage,
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockImplementation(toDataURL);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open(props: { onCapture?: (d: string) => void; onClose?: () => void } = {}) {
  const onCapture = props.onCapture ?? vi.fn();
  const onClose = props.onClose ?? vi.fn();
  render(
    <CameraCapture
      open
      onClose={onClose}
      onCapture={onCapture}
      title="Feces Health Analysis"
      subtitle="Position the feces sample in the frame for best results"
      hint="Position droppings in frame"
    />,
  );
  return { onCapture, onClose };
}

/** The video fires loadedmetadata with non-zero dimensions: the camera is ready. */
async function videoReady() {
  await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
  fireEvent.loadedMetadata(screen.getByLabelText("Live camera view"));
}

describe("CameraCapture", () => {
  it("asks for the rear camera at ideal 1920x1080 and keeps capture disabled until ready", async () => {
    const s = fakeStream(false);
    getUserMedia.mockResolvedValue(s.stream);
    open();
    expect(screen.getByRole("dialog", { name: "Feces Health Analysis" })).toBeInTheDocument();
    expect(
      screen.getByText("Position the feces sample in the frame for best results"),
    ).toBeInTheDocument();
    expect(screen.getByText("Position droppings in frame")).toBeInTheDocument();
    expect(screen.getByText("Loading camera...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Capture Photo" })).toBeDisabled();
    await waitFor(() =>
      expect(getUserMedia).toHaveBeenCalledWith({
        video: { facingMode: "environment", width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      }),
    );
    await videoReady();
    expect(screen.getByRole("button", { name: "Capture Photo" })).toBeEnabled();
    expect(screen.queryByText("Loading camera...")).not.toBeInTheDocument();
  });

  it("zooms from 1x to 5x in steps of 0.5", async () => {
    getUserMedia.mockResolvedValue(fakeStream(false).stream);
    open();
    await videoReady();
    const user = userEvent.setup();
    const zoomIn = screen.getByRole("button", { name: "Zoom in" });
    const zoomOut = screen.getByRole("button", { name: "Zoom out" });
    expect(zoomOut).toBeDisabled();
    expect(screen.getByText("1x")).toBeInTheDocument();
    await user.click(zoomIn);
    expect(screen.getByText("1.5x")).toBeInTheDocument();
    for (let i = 0; i < 7; i++) await user.click(zoomIn);
    expect(screen.getByText("5x")).toBeInTheDocument();
    expect(zoomIn).toBeDisabled();
    await user.click(zoomOut);
    expect(screen.getByText("4.5x")).toBeInTheDocument();
  });

  it("shows flash only when the camera has a torch, and switches it", async () => {
    getUserMedia.mockResolvedValue(fakeStream(false).stream);
    open();
    await videoReady();
    expect(screen.queryByRole("button", { name: /flash/ })).not.toBeInTheDocument();
    cleanup();

    const s = fakeStream(true);
    getUserMedia.mockResolvedValue(s.stream);
    open();
    await videoReady();
    const flash = await screen.findByRole("button", { name: "Turn flash on" });
    await userEvent.setup().click(flash);
    expect(s.track.applyConstraints).toHaveBeenCalledWith({ advanced: [{ torch: true }] });
    expect(await screen.findByRole("button", { name: "Turn flash off" })).toBeInTheDocument();
  });

  it("reports a flash failure with the spec's toast", async () => {
    const s = fakeStream(true);
    s.track.applyConstraints.mockRejectedValue(new Error("no"));
    getUserMedia.mockResolvedValue(s.stream);
    open();
    await videoReady();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Turn flash on" }));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: "Flash Error",
        description: "Unable to control flash on this device",
      }),
    );
  });

  it("captures a JPEG 0.9 data URL, stops every track and says so", async () => {
    const s = fakeStream(false);
    getUserMedia.mockResolvedValue(s.stream);
    const { onCapture } = open();
    await videoReady();
    await userEvent.setup().click(screen.getByRole("button", { name: "Capture Photo" }));
    expect(toDataURL).toHaveBeenCalledWith("image/jpeg", 0.9);
    expect(drawImage).toHaveBeenCalled();
    expect(onCapture).toHaveBeenCalledWith("data:image/jpeg;base64,AAAA");
    expect(s.track.stop).toHaveBeenCalled();
    expect(s.others.stop).toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: "Photo Captured",
        description: "Photo captured successfully!",
      }),
    );
  });

  it("stops every track on Cancel", async () => {
    const s = fakeStream(false);
    getUserMedia.mockResolvedValue(s.stream);
    const { onClose } = open();
    await videoReady();
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel" }));
    expect(s.track.stop).toHaveBeenCalled();
    expect(s.others.stop).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it("switches between the rear and the front camera, stopping the old stream", async () => {
    const first = fakeStream(false);
    const second = fakeStream(false);
    getUserMedia.mockResolvedValueOnce(first.stream).mockResolvedValueOnce(second.stream);
    open();
    await videoReady();
    await userEvent.setup().click(screen.getByRole("button", { name: "Switch camera" }));
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2));
    expect(getUserMedia.mock.calls[1]![0]).toMatchObject({ video: { facingMode: "user" } });
    expect(first.track.stop).toHaveBeenCalled();
  });

  it("explains a denied permission with the spec's toast and the permission help", async () => {
    getUserMedia.mockRejectedValue(new DOMException("denied", "NotAllowedError"));
    open();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: "Camera access denied",
          description: "Please allow camera access to take photos",
        }),
      ),
    );
    expect(await screen.findByTestId("camera-permission-help")).toHaveTextContent(
      "Camera Permissions Help",
    );
    expect(screen.getByRole("button", { name: "Capture Photo" })).toBeDisabled();
  });

  it("shows 'Camera Error' for any other failure", async () => {
    getUserMedia.mockRejectedValue(new DOMException("busy", "NotReadableError"));
    open();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: "Camera Error",
          description: "Unable to access camera. Please check permissions.",
        }),
      ),
    );
  });

  it("refuses to capture before the video has dimensions", async () => {
    Object.defineProperty(HTMLVideoElement.prototype, "videoWidth", {
      get: () => 0,
      configurable: true,
    });
    getUserMedia.mockResolvedValue(fakeStream(false).stream);
    open();
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    await act(async () => {
      fireEvent.loadedMetadata(screen.getByLabelText("Live camera view"));
    });
    expect(screen.getByRole("button", { name: "Capture Photo" })).toBeDisabled();
  });
});
