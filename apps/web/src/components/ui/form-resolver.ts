import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import { z } from "zod";

/**
 * The zod half of the form kit (form.tsx), loaded on the first submit: turns the form's values
 * into the request body (`toBody`) and checks it with the body's own schema.
 */
export function resolveWithSchema<V extends FieldValues, B>(
  target: z.ZodType<B>,
  toBody: ((values: V) => unknown) | undefined,
  ...args: Parameters<Resolver<V, unknown, B>>
) {
  const full = z
    .custom<V>()
    .transform((v) => (toBody ? toBody(v) : v))
    .pipe(target);
  return zodResolver(full)(...args) as ReturnType<Resolver<V, unknown, B>>;
}
