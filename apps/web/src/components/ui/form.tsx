import { zodResolver } from "@hookform/resolvers/zod";
import { useId, type FormHTMLAttributes, type ReactNode, type Ref } from "react";
import {
  FormProvider,
  get,
  useController,
  useForm,
  useFormContext,
  useFormState,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { FieldError, Label } from "./input";

/**
 * The one form kit: react-hook-form with the zod resolver, checked by the same zod schema the
 * server uses (from packages/shared), so a form shows exactly the messages the API would answer.
 *
 *   const form = useZodForm({ schema: createEggRecordBody, defaultValues, toBody });
 *   <Form form={form} onSubmit={(body) => create.mutateAsync(body)}>
 *     <Field name="chickenId" label="Bird" id="egg-chicken">{(props) => <Select {...props} />}</Field>
 *   </Form>
 *
 * Form values are what the controls hold (text); `toBody` turns them into the request body the
 * schema checks, and `onSubmit` receives the schema's output. The first message per field is shown;
 * messages stay until the next submit, as they always have.
 */

/** Extra checks the shared schema cannot make (the browser's own date, limits from the record). */
export type FormCheck<V extends FieldValues, B> = (
  values: V,
  body: B | null,
) => Partial<Record<FieldPath<V>, string | false | undefined>> | undefined;

/**
 * A schema fetched on the first submit, with zod and the resolver: keeps about 30 KB gzip out of
 * the first paint of pages whose only form is a small one (the blog's newsletter box, the admin
 * gate, the Account page's password forms). `lazySchema(() => import("...").then((m) => m.body))`.
 */
export type SchemaLoader<B> = { load: () => Promise<z.ZodType<B>> };

export function lazySchema<B>(load: () => Promise<z.ZodType<B>>): SchemaLoader<B> {
  return { load };
}

/** The first message anywhere under an error node (a list's item, a nested object). */
function firstError(node: unknown): { type?: unknown; message: string } | undefined {
  if (!node || typeof node !== "object") return undefined;
  const n = node as { message?: unknown };
  if (typeof n.message === "string") return n as { message: string };
  for (const child of Object.values(node)) {
    const found = firstError(child);
    if (found) return found;
  }
  return undefined;
}

export function useZodForm<V extends FieldValues, B>({
  schema,
  defaultValues,
  toBody,
  check,
  errorsAt,
  validate = "onSubmit",
}: {
  /** The request body's schema, or one picked from the values (e.g. a bird or the whole flock). */
  schema: z.ZodType<B> | ((values: V) => z.ZodType<B>) | SchemaLoader<B>;
  defaultValues: DefaultValues<V>;
  /** Form text to request body; the values unchanged when left out. */
  toBody?: (values: V) => unknown;
  /** Runs after the schema; `body` is null when the schema failed. Adds a message to a field only
   * when the schema left that field without one. */
  check?: FormCheck<V, B>;
  /** Body fields the form has no control of the same name for: the field that shows their first
   * message, e.g. `{ symptoms: "freeText" }` (the list the typed text is split into). */
  errorsAt?: Partial<Record<string, FieldPath<V>>>;
  /** "onChange" shows a field's message while it is typed (a limit the keeper should see before
   * sending, as the admin link fields and the symptom text always did); messages otherwise appear
   * on submit. */
  validate?: "onSubmit" | "onChange";
}): UseFormReturn<V, unknown, B> {
  const resolver: Resolver<V, unknown, B> = async (values, context, options) => {
    const target =
      typeof schema === "function"
        ? schema(values)
        : "load" in schema
          ? await schema.load()
          : schema;
    // The schema checks the request body the values make. zodResolver itself loads no zod: only
    // the schema does, so a SchemaLoader keeps zod out of the page until the first submit.
    const body = (toBody ? toBody(values) : values) as V;
    const result = await zodResolver(target as z.ZodType<B, V>)(body, context, options);
    const failed = Object.keys(result.errors).length > 0;
    const extra = check?.(values, failed ? null : (result.values as B)) ?? {};
    const errors = { ...result.errors } as FieldErrors<V>;
    for (const [from, to] of Object.entries(errorsAt ?? {})) {
      const moved = firstError((errors as Record<string, unknown>)[from]);
      delete (errors as Record<string, unknown>)[from];
      if (!to || !moved || get(errors, to)) continue;
      (errors as Record<string, unknown>)[to] = {
        type: moved.type ?? "schema",
        message: moved.message,
        ref: (options.fields[to] as { ref?: unknown } | undefined)?.ref,
      };
    }
    let added = false;
    for (const [name, message] of Object.entries(extra)) {
      if (typeof message !== "string" || get(errors, name)) continue;
      (errors as Record<string, unknown>)[name] = {
        type: "check",
        message,
        ref: (options.fields[name] as { ref?: unknown } | undefined)?.ref,
      };
      added = true;
    }
    return failed || added ? { values: {}, errors } : result;
  };
  return useForm<V, unknown, B>({
    resolver,
    defaultValues,
    mode: validate,
    reValidateMode: validate,
  });
}

/** The `<form>`: noValidate (the schema's messages, not the browser's), submit through the kit. */
export function Form<V extends FieldValues, B>({
  form,
  onSubmit,
  children,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit"> & {
  form: UseFormReturn<V, unknown, B>;
  /** Called with the schema's output once every field is valid. */
  onSubmit: (body: B, values: V) => unknown;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        {...props}
        onSubmit={(e) =>
          void form.handleSubmit(async (body) => {
            await onSubmit(body, form.getValues());
          })(e)
        }
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** Props to spread on a native input, select or textarea. */
export type ControlProps = {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } } | string) => void;
  onBlur: () => void;
  ref: Ref<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/**
 * One field's control, error and ids, for layouts `Field` does not fit (a checkbox, two controls
 * sharing one message). `describedBy` is added to aria-describedby (a hint under the field).
 */
export function useFormField(name: string, id?: string, describedBy?: string) {
  const auto = useId();
  const fieldId = id ?? `${auto}-${name}`;
  const errorId = `${fieldId}-error`;
  const { field, fieldState } = useController({ name });
  const error = fieldState.error?.message;
  const describedByIds = [describedBy, error ? errorId : undefined].filter(Boolean).join(" ");
  const props: ControlProps = {
    id: fieldId,
    name: field.name,
    value: (field.value as string | undefined) ?? "",
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(describedByIds ? { "aria-describedby": describedByIds } : {}),
  };
  return { props, field, error, errorId };
}

/**
 * A labelled field: label, the control (render prop gets the props to spread), then the first
 * message for it, linked by aria-describedby and announced.
 */
export function Field({
  name,
  label,
  id,
  describedBy,
  className,
  children,
  after,
}: {
  name: string;
  label: ReactNode;
  /** The control's id; generated when left out. Its message gets `${id}-error`. */
  id?: string;
  describedBy?: string;
  className?: string;
  children: (props: ControlProps) => ReactNode;
  /** Shown under the control, above the message (a hint, a datalist). */
  after?: ReactNode;
}) {
  const { props, error, errorId } = useFormField(name, id, describedBy);
  return (
    <div className={className}>
      <Label htmlFor={props.id}>{label}</Label>
      {children(props)}
      {after}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A message for the whole form (the server refused the record): `form.setError("root", ...)`. */
export function FormError() {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  return <FieldError message={errors.root?.message} />;
}
