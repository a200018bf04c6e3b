// Above the inputs of a calculator with presets: one button a preset, each filling the
// inputs with its values, and "Reset to defaults".
import { useT } from '../../../stores/i18n';
import type { CalcDoc } from '../../../lib/types';
import { calcMessages } from '../messages';
import { defaultsOf, presetsOf, withPreset } from './presets';

/** The presets' buttons and Reset to defaults; nothing for a doc without presets. */
export function PresetsBar(props: {
  doc: CalcDoc;
  values: Record<string, unknown>;
  onValuesChange(values: Record<string, unknown>): void;
}) {
  const t = useT(calcMessages);
  const presets = presetsOf(props.doc);
  if (presets.length === 0) return null;
  return (
    <div className="calc-presets">
      <div className="calc-preset-buttons" role="group" aria-label={t('presets')}>
        {presets.map((preset) => (
          <button
            key={preset.name}
            type="button"
            className="button"
            onClick={() => props.onValuesChange(withPreset(props.doc, preset, props.values))}
          >
            {preset.name}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="button subtle"
        onClick={() => props.onValuesChange(defaultsOf(props.doc))}
      >
        {t('resetToDefaults')}
      </button>
    </div>
  );
}
