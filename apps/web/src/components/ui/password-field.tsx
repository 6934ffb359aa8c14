import type { ReactNode } from "react";
import { Field } from "./form";
import { Input } from "./input";

/**
 * A password box on the form kit: the label, a masked input with the browser's password-manager
 * hint, an optional hint under it, and the first message for it. The Account page's password
 * change and re-authentication, and the admin gate, all use it.
 */
export function PasswordField({
  name,
  id,
  label,
  autoComplete,
  hint,
}: {
  name: string;
  id: string;
  label: ReactNode;
  autoComplete: "current-password" | "new-password";
  hint?: ReactNode;
}) {
  const hintId = `${id}-hint`;
  return (
    <Field
      name={name}
      id={id}
      label={label}
      describedBy={hint ? hintId : undefined}
      after={
        hint ? (
          <p id={hintId} className="mt-1 text-xs text-stone-600">
            {hint}
          </p>
        ) : undefined
      }
    >
      {(props) => <Input {...props} type="password" autoComplete={autoComplete} />}
    </Field>
  );
}
