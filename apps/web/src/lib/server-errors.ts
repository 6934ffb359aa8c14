import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/lib/api-client";

type ErrorBody = { field?: unknown; message?: unknown; issues?: unknown };

/**
 * Shows a refusal from the server at the field it names (`field`, or `issues[].path` such as
 * `body.bandId`), when the form has that field. Returns whether any message was placed.
 */
export function showServerErrors<V extends FieldValues>(
  form: UseFormReturn<V, unknown, unknown>,
  error: unknown,
  fields: readonly FieldPath<V>[],
): boolean {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== "object") return false;
  const body = error.body as ErrorBody;
  const found = new Map<string, string>();
  if (Array.isArray(body.issues)) {
    for (const issue of body.issues as { path?: unknown; message?: unknown }[]) {
      const name = String(issue.path ?? "")
        .split(".")
        .pop();
      if (name && typeof issue.message === "string" && !found.has(name)) {
        found.set(name, issue.message);
      }
    }
  }
  if (
    typeof body.field === "string" &&
    typeof body.message === "string" &&
    !found.has(body.field)
  ) {
    found.set(body.field, body.message);
  }
  let placed = false;
  for (const [name, message] of found) {
    if (!(fields as readonly string[]).includes(name)) continue;
    form.setError(name as FieldPath<V>, { type: "server", message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
