// The settings side panel: name, description, libraries, tab size, labels and style
// (spec §3); publishing switches and the sites that may embed the calculator.
import { useId } from 'react';
import { calcMessages } from '../../components/calculator/messages';
import { useT } from '../../stores/i18n';
import { LIBRARIES } from '../../lib/engine/protocol';
import type { CalcDoc, DocStyle, EvalResult } from '../../lib/types';
import { CheckboxField, FieldRow, NumberField, SelectField, TextField } from './fields';
import { EmbedDomainsSetting } from './embed-domains-setting';
import { editorMessages } from './messages';
import { PresetsEditor } from './rules/presets-editor';
import { PrivateScriptSetting } from './private-script-setting';
import { SectionsEditor } from './rules/sections-editor';
import { StepsEditor } from './rules/steps-editor';
import { SubmissionsSettings } from './submissions-settings';

export function SettingsPanel(props: {
  doc: CalcDoc;
  /** The editor's latest result: the thank-you message's preview quotes it. */
  result?: EvalResult | null;
  style: DocStyle;
  /** The editor's current input values (a new preset keeps them). */
  values?: Record<string, unknown>;
  onDocChange(change: (doc: CalcDoc) => CalcDoc): void;
  onStyleChange(style: DocStyle): void;
}) {
  const t = useT(editorMessages);
  const tc = useT(calcMessages);
  const { doc, style, onDocChange, onStyleChange } = props;

  const setStyle = (key: keyof DocStyle, value: string | number | undefined) => {
    const next: DocStyle = { ...style };
    if (value === undefined || value === '') delete next[key];
    else (next as Record<string, unknown>)[key] = value;
    onStyleChange(next);
  };

  return (
    <div className="settings-panel">
      <TextField
        label={t('name')}
        value={String(doc.name ?? '')}
        placeholder={t('untitled')}
        onChange={(name) => onDocChange((old) => ({ ...old, name }))}
      />
      <TextField
        label={t('description')}
        multiline
        value={String(doc.description ?? '')}
        onChange={(description) => onDocChange((old) => ({ ...old, description }))}
      />
      <CheckboxField
        label={t('holdWhileTestsFail')}
        hint={t('holdWhileTestsFailHint')}
        checked={doc.holdWhileTestsFail === true}
        onChange={(on) =>
          onDocChange((old) => {
            // Off is the default: the doc goes back to not naming it.
            const rest = { ...old };
            delete rest.holdWhileTestsFail;
            return on ? { ...rest, holdWhileTestsFail: true } : rest;
          })
        }
      />
      <CheckboxField
        label={t('explore')}
        hint={t('exploreHint')}
        checked={doc.explore === true}
        onChange={(on) =>
          onDocChange((old) => {
            // A doc without the field is off: off removes it, as with the setting above.
            const rest = { ...old };
            delete rest.explore;
            return on ? { ...rest, explore: true } : rest;
          })
        }
      />
      <PrivateScriptSetting doc={doc} onDocChange={onDocChange} />
      <EmbedDomainsSetting doc={doc} onDocChange={onDocChange} />
      <fieldset className="plain-fieldset">
        <legend className="field-label">{t('libraries')}</legend>
        {LIBRARIES.map((library) => (
          <CheckboxField
            key={library}
            label={t(library)}
            checked={!!doc.libraries?.[library]}
            onChange={(on) =>
              onDocChange((old) => ({
                ...old,
                libraries: { ...(old.libraries ?? {}), [library]: on },
              }))
            }
          />
        ))}
      </fieldset>
      <NumberField
        label={t('tabSize')}
        className="narrow-field"
        integer
        min={1}
        max={16}
        placeholder="2"
        value={typeof doc.tabSize === 'number' ? doc.tabSize : undefined}
        emptyValue={2}
        onChange={(tabSize) => onDocChange((old) => ({ ...old, tabSize: tabSize ?? 2 }))}
      />
      <TextField
        label={t('inputsLabel')}
        value={String(doc.inputs_label ?? '')}
        placeholder={tc('inputs')}
        onChange={(inputs_label) => onDocChange((old) => ({ ...old, inputs_label }))}
      />
      <TextField
        label={t('outputsLabel')}
        value={String(doc.outputs_label ?? '')}
        placeholder={tc('outputs')}
        onChange={(outputs_label) => onDocChange((old) => ({ ...old, outputs_label }))}
      />
      <fieldset className="plain-fieldset">
        <legend className="field-label">{t('style')}</legend>
        <ColourField
          label={t('bgcolor')}
          what={t('bgcolorWhat')}
          value={style.bgcolor}
          fallback="#ffffff"
          onChange={(value) => setStyle('bgcolor', value)}
        />
        <ColourField
          label={t('fcolor')}
          what={t('fcolorWhat')}
          value={style.fcolor}
          fallback="#000000"
          onChange={(value) => setStyle('fcolor', value)}
        />
        <NumberField
          label={t('fsize')}
          className="narrow-field"
          min={1}
          max={200}
          value={typeof style.fsize === 'number' ? style.fsize : undefined}
          onChange={(fsize) => setStyle('fsize', fsize)}
        />
        {/* The published and embedded calculator's theme and language; auto: the visitor's. */}
        <SelectField
          label={t('pinTheme')}
          value={style.theme === 'light' || style.theme === 'dark' ? style.theme : 'auto'}
          options={[
            { value: 'auto', label: t('pinAuto') },
            { value: 'light', label: t('pinLight') },
            { value: 'dark', label: t('pinDark') },
          ]}
          onChange={(theme) => setStyle('theme', theme === 'auto' ? undefined : theme)}
        />
        <SelectField
          label={t('pinLang')}
          value={style.lang === 'en' || style.lang === 'ru' ? style.lang : 'auto'}
          options={[
            { value: 'auto', label: t('pinAuto') },
            { value: 'en', label: 'English' },
            { value: 'ru', label: 'Русский' },
          ]}
          onChange={(lang) => setStyle('lang', lang === 'auto' ? undefined : lang)}
        />
      </fieldset>
      <StepsEditor doc={doc} onDocChange={onDocChange} />
      <SectionsEditor doc={doc} onDocChange={onDocChange} />
      <PresetsEditor doc={doc} values={props.values ?? {}} onDocChange={onDocChange} />
      <SubmissionsSettings doc={doc} result={props.result ?? null} onDocChange={onDocChange} />
    </div>
  );
}

/** A colour, or none (the theme's colour). */
function ColourField(props: {
  label: string;
  what: string;
  value: string | undefined;
  fallback: string;
  onChange(value: string | undefined): void;
}) {
  const t = useT(editorMessages);
  const id = useId();
  const hex = /^#[0-9a-f]{6}$/i.test(props.value ?? '') ? props.value : props.fallback;
  return (
    <FieldRow label={props.label} htmlFor={id}>
      <div className="inline-fields colour-field">
        <input
          id={id}
          type="color"
          value={hex}
          onChange={(event) => props.onChange(event.target.value)}
        />
        {props.value ? (
          <>
            <span className="code">{props.value}</span>
            <button
              type="button"
              className="button subtle"
              aria-label={t('resetColour', { what: props.what })}
              onClick={() => props.onChange(undefined)}
            >
              {t('themeDefault')}
            </button>
          </>
        ) : (
          <span className="muted">{t('themeDefault')}</span>
        )}
      </div>
    </FieldRow>
  );
}
