import { startWeatherStub } from "./weather-stub";

// Runs the forecast stub as its own process for the browser tests (playwright.config.ts webServer).
const stub = await startWeatherStub(Number(process.env.E2E_WEATHER_PORT ?? 4999));
const stop = () => void stub.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
