import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BREED_PHOTO,
  DROPPINGS_CAPTURE,
  DROPPINGS_UPLOAD,
  processImage,
  SCANNER_PHOTO,
  stripDataUrlPrefix,
} from "./image";

/** What the canvas was asked to do. */
type Drawn = { width: number; height: number; filter: string; type?: string; quality?: number };
let drawn: Drawn[] = [];
let natural = { width: 4000, height: 3000 };

class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  get naturalWidth() {
    return natural.width;
  }
  get naturalHeight() {
    return natural.height;
  }
  set src(_v: string) {
    queueMicrotask(() => this.onload?.());
  }
}

beforeEach(() => {
  drawn = [];
  natural = { width: 4000, height: 3000 };
  vi.stubGlobal("Image", FakeImage);
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    const { width, height } = this;
    const ctx = {
      filter: "none",
      fillStyle: "",
      imageSmoothingQuality: "low",
      fillRect: vi.fn(),
      drawImage: vi.fn(() => {
        drawn.push({ width, height, filter: ctx.filter });
      }),
    };
    return ctx as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement["getContext"]);
  vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockImplementation(
    (type?: string, quality?: unknown) => {
      const last = drawn.at(-1);
      if (last) Object.assign(last, { type, quality });
      return "data:image/jpeg;base64,QUJD";
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("photo pre-processing (spec section 9)", () => {
  it("droppings upload: longest side 1024, contrast 115%, brightness 110%, saturation 110%, JPEG 0.95", async () => {
    const out = await processImage("data:image/png;base64,x", DROPPINGS_UPLOAD);
    expect(out).toMatchObject({ width: 1024, height: 768, downscaled: true });
    expect(drawn[0]).toEqual({
      width: 1024,
      height: 768,
      filter: "contrast(115%) brightness(110%) saturate(110%)",
      type: "image/jpeg",
      quality: 0.95,
    });
    natural = { width: 1500, height: 3000 };
    const portrait = await processImage("data:image/png;base64,x", DROPPINGS_UPLOAD);
    expect(portrait).toMatchObject({ width: 512, height: 1024 });
  });

  it("droppings camera capture: fits 800x600 at JPEG 0.85, and reports whether it was compressed", async () => {
    const big = await processImage("data:image/jpeg;base64,x", DROPPINGS_CAPTURE);
    expect(big).toMatchObject({ width: 800, height: 600, downscaled: true });
    expect(drawn[0]).toMatchObject({ filter: "none", quality: 0.85 });
    natural = { width: 640, height: 480 };
    const small = await processImage("data:image/jpeg;base64,x", DROPPINGS_CAPTURE);
    expect(small).toMatchObject({ width: 640, height: 480, downscaled: false });
  });

  it("never enlarges, and uses the scanner (1024, 0.95) and breed (1024x768) boxes", async () => {
    natural = { width: 300, height: 200 };
    expect(await processImage("x", SCANNER_PHOTO)).toMatchObject({ width: 300, height: 200 });
    natural = { width: 2000, height: 2000 };
    expect(await processImage("x", SCANNER_PHOTO)).toMatchObject({ width: 1024, height: 1024 });
    expect(drawn.at(-1)!.quality).toBe(0.95);
    expect(await processImage("x", BREED_PHOTO)).toMatchObject({ width: 768, height: 768 });
  });

  it("strips the data URL prefix for the base64 endpoints", () => {
    expect(stripDataUrlPrefix("data:image/jpeg;base64,QUJD")).toBe("QUJD");
  });
});
