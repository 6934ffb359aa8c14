/**
 * React DOM's internal sentinel errors, made without capturing a stack trace.
 *
 * Why: at load, React DOM creates five `Error` objects it only ever throws and catches itself, to
 * tell control flow apart (SuspenseException, SelectiveHydrationException...). With a debugger
 * attached (DevTools, and so Lighthouse and PageSpeed Insights, which drive Chromium through it),
 * V8 records a detailed stack for every new Error, and for that it re-parses each function on the
 * stack to find line numbers: here the whole React DOM module (~200 KB) and its CommonJS wrapper.
 * That was ~25 ms of the main thread (V8.CollectSourcePositions in a trace), the largest single
 * task of every page in Lighthouse, where the evaluation without it takes ~2 ms. A phone without
 * DevTools never paid it (measured with no debugger: 2-9 ms either way), so this changes nothing
 * for a keeper; it makes the lab's figure show what a keeper's phone does.
 *
 * The objects stay `instanceof Error` with the same message; only `.stack` is missing, and React
 * never reads it (they are compared by identity: `thrown === SuspenseException`).
 */
import type { Plugin } from "vite";

/** React DOM's module that creates the sentinels. */
const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/** `Name = Error(formatProdErrorMessage(N))` at the module's top level (declaration lists). */
const SENTINEL =
  /^(\s*(?:var\s+)?[A-Za-z$_][\w$]* = )Error\((formatProdErrorMessage\(\d+\))\)([,;])$/gm;

// Appended (a function declaration is hoisted): prepended, it would end the module's "use strict"
// prologue.
const HELPER =
  "\nfunction __fkSentinelError(message) {\n" +
  "  return Object.create(Error.prototype, {\n" +
  "    message: { value: message, writable: true, configurable: true },\n" +
  "  });\n" +
  "}\n";

/** The module's code with its top-level sentinel errors made stackless; the count replaced. */
export function stacklessSentinels(code: string): { code: string; count: number } {
  let count = 0;
  const out = code.replace(SENTINEL, (_m, head: string, message: string, end: string) => {
    count++;
    return `${head}__fkSentinelError(${message})${end}`;
  });
  return { code: count ? out + HELPER : code, count };
}

export function sentinelErrorsPlugin(): Plugin {
  return {
    name: "flockkeeper:sentinel-errors",
    apply: "build",
    transform(code, id) {
      if (!REACT_DOM_CLIENT.test(id)) return null;
      const result = stacklessSentinels(code);
      // React DOM changed shape (an upgrade): say so rather than silently lose ~25 ms in Lighthouse.
      if (result.count === 0) {
        this.warn("no sentinel errors found in react-dom-client: check sentinel-errors-plugin.ts");
        return null;
      }
      return { code: result.code, map: null };
    },
  };
}
