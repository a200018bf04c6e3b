// The Presets editor of the Settings panel (issue 30): the editor's current input values
// saved under a name (unique, required), renamed, refilled from the current values, or
// deleted. Values are keyed by input id, like `doc.defaults`.
import { useId, useState } from 'react';
import type { CalcDoc, InputDef } from '../../../lib/types';
import { useT } from '../../../stores/i18n';
import { toast } from '../../../stores/ui';
import { TextField } from '../fields';
import { MAX_PRESET_NAME, presetsOf, withField, type Preset } from './form-doc';
import './forms.css';
import { formsMessages } from './messages';

type DocChange = (change: (doc: CalcDoc) => CalcDoc) => void;
type Values = Record<string, unknown>;

/** Why `name` cannot name a preset among `others`' names, if it cannot. */
export function presetNameProblem(
  name: string,
  others: readonly string[],
): 'presetNameNeeded' | 'presetNameTooLong' | 'presetNameTaken' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'presetNameNeeded';
  if (trimmed.length > MAX_PRESET_NAME) return 'presetNameTooLong';
  if (others.includes(trimmed)) return 'presetNameTaken';
  return null;
}

/** The current values of the doc's top-level inputs, keyed by id. */
const presetValues = (inputs: readonly InputDef[], values: Values): Values =>
  Object.fromEntries(
    inputs
      .filter((input) => String(input.id) in values)
      .map((input) => [String(input.id), structuredClone(values[String(input.id)])]),
  );

/** A preset's values as `name = value` text, for its row. */
function summary(preset: Preset, inputs: readonly InputDef[]): string {
  const values = preset.values && typeof preset.values === 'object' ? preset.values : {};
  return Object.entries(values)
    .map(([id, value]) => {
      const input = inputs.find((each) => String(each.id) === id);
      return `${input?.name ?? id} = ${JSON.stringify(value) ?? ''}`;
    })
    .join(', ');
}

export function PresetsEditor(props: { doc: CalcDoc; values: Values; onDocChange: DocChange }) {
  const t = useT(formsMessages);
  const titleId = useId();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const presets = presetsOf(props.doc);
  const inputs = props.doc.metaInputs ?? [];
  const names = presets.map((preset) => String(preset.name ?? ''));
  const problem = presetNameProblem(name, names);
  const setPresets = (edit: (presets: Preset[]) => Preset[]) =>
    props.onDocChange((old) => withField(old, 'presets', edit(presetsOf(old))));

  const save = () => {
    setTried(true);
    if (problem) return;
    const preset = { name: name.trim(), values: presetValues(inputs, props.values) };
    setPresets((old) => [...old, preset]);
    toast(t('presetSaved', { name: preset.name }));
    setName('');
    setTried(false);
  };

  return (
    <section className="form-editor presets-editor" aria-labelledby={titleId}>
      <h3 id={titleId} className="field-label">
        {t('presets')}
      </h3>
      {presets.length === 0 ? (
        <p className="muted">{t('noPresets')}</p>
      ) : (
        <ol className="form-editor-list">
          {presets.map((preset, index) => {
            const own = String(preset.name ?? '');
            const error = presetNameProblem(
              own,
              names.filter((_, i) => i !== index),
            );
            return (
              <li key={index} className="preset-row">
                <TextField
                  label={t('presetName', { n: index + 1 })}
                  value={own}
                  hint={t('presetValues', { values: summary(preset, inputs) })}
                  error={error && t(error, { name: own.trim() })}
                  onChange={(renamed) =>
                    setPresets((old) =>
                      old.map((each, i) => (i === index ? { ...each, name: renamed } : each)),
                    )
                  }
                />
                <div className="tests-actions">
                  <button
                    type="button"
                    className="button subtle"
                    onClick={() =>
                      setPresets((old) =>
                        old.map((each, i) =>
                          i === index
                            ? { ...each, values: presetValues(inputs, props.values) }
                            : each,
                        ),
                      )
                    }
                  >
                    {t('replacePreset', { name: own })}
                  </button>
                  <button
                    type="button"
                    className="button subtle danger"
                    onClick={() => setPresets((old) => old.filter((_, i) => i !== index))}
                  >
                    {t('deletePreset', { name: own })}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <form
        className="preset-new"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextField
          label={t('newPresetName')}
          value={name}
          error={tried && problem ? t(problem, { name: name.trim() }) : null}
          onChange={setName}
        />
        <button type="submit" className="button">
          {t('savePreset')}
        </button>
      </form>
    </section>
  );
}
