// A label and its text field, as the forms about an account show them (sign-in and sign-up,
// the reset of a forgotten password, every password field): one place for the markup.
import type { ComponentProps, Ref } from 'react';

export function FormField({
  ref,
  id,
  label,
  value,
  onChange,
  type,
  autoComplete,
  required,
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
  /** Absent: a plain text field (no `type` attribute). */
  type?: 'email' | 'password';
  autoComplete: string;
  required?: boolean;
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
        type={type}
        autoComplete={autoComplete}
        required={required}
        minLength={minLength}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}

/** The email an account signs in with (sign-in, sign-up, the forgotten-password form). */
export function EmailField(
  props: Omit<ComponentProps<typeof FormField>, 'type' | 'required' | 'autoComplete'>,
) {
  return <FormField {...props} type="email" autoComplete="email" required />;
}
