import { defaultTemplateFile, writeTemplate } from "../src/db/client";

// Part of `npm run build`: a migrated embedded database, so a first start skips PGlite's slow initdb.
const started = performance.now();
await writeTemplate(defaultTemplateFile);
console.log(
  `embedded database template written to ${defaultTemplateFile} in ${Math.round(performance.now() - started)} ms`,
);
