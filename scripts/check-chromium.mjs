// Fails early, with the install step, when the browser tests have no Chromium to run in.
import { existsSync } from "node:fs";

const path = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(path)) {
  console.error(
    `Chromium was not found at ${path}.\nThe browser tests use Debian's Chromium: run  sudo apt-get install -y chromium\n(or set CHROME_PATH to a Chromium binary).`,
  );
  process.exit(1);
}
