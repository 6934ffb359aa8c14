// The first boot stage (main.tsx): React DOM, the largest module a page runs (~190 KB minified),
// evaluated in a task of its own so it does not share one long task with the app's modules.
export { createRoot, hydrateRoot } from "react-dom/client";
