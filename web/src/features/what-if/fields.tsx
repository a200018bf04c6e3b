// The form pieces the what-if tools share.
import type { OutputDef } from '@calcsmith/engine';

/** A labelled control with its error (the error's id is the control's plus `-error`). */
export function Field(props: {
  id: string;
  label: string;
  error?: string | null;
  children: React.ReactNode;
}) {
  return (
    <div className="field-row">
      <label className="field-label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.error && (
        <span className="field-error" id={`${props.id}-error`}>
          {props.error}
        </span>
      )}
    </div>
  );
}

/** The value output a tool reads, chosen by name. */
export function OutputField(props: {
  id: string;
  label: string;
  outputs: OutputDef[];
  value: string;
  onChange(name: string): void;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.outputs.map((each) => (
          <option key={each.id} value={each.name}>
            {each.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
