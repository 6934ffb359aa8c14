import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";

// waitFor and findBy* give up after 1 s by default. On CI's 2-core machine, with the API suite
// running beside the web tests, a form's validation has taken longer than that (a settings-card
// run failed waiting for its message): wait up to 5 s. An answer that never comes still fails.
configure({ asyncUtilTimeout: 5000 });
