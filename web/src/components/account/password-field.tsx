// A password's label and field, as every form that asks for one shows them (sign-in and
// sign-up, the account's password change and deletion, the reset of a forgotten one).
import type { Ref } from 'react';

export function PasswordField({
  ref,
  id,
  label,
  value,
  onChange,
  autoComplete,
  className,
  minLength,
  invalid,
  describedBy,
}: {
  ref?: Ref<HTMLInputElement>;
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  /** A class the field has beside `field`. */
  className?: string;
  minLength?: number;
  invalid?: boolean;
  /** The id of the text that describes the field (a rule or an error), if any. */
  describedBy?: string;
}) {
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className={className ? `field ${className}` : 'field'}
        type="password"
        autoComplete={autoComplete}
        required
        minLength={minLength}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
