// The settings side panel on the source screen: name, description, libraries, tab size,
// labels and style (spec §3).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { docNow, renderEditor, resetCalcClient, seedDraft, styleNow } from './editor-harness';

afterEach(resetCalcClient);

async function openSettings() {
  const editor = await renderEditor();
  const toggle = screen.getByRole('button', { name: 'Settings' });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await editor.user.click(toggle);
  expect(toggle).toHaveAttribute('aria-pressed', 'true');
  return { ...editor, toggle, panel: screen.getByRole('region', { name: 'Settings' }) };
}

describe('SettingsPanel', () => {
  it('edits the name and the description', async () => {
    seedDraft();
    const { user, panel } = await openSettings();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Untitled calculator');
    const name = within(panel).getByLabelText('Name');
    expect(name).toHaveAttribute('placeholder', 'Untitled calculator');
    await user.type(name, 'Loan');
    expect(docNow().name).toBe('Loan');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Loan');
    expect(document.title).toBe('Loan · Source · Calcsmith');

    const description = within(panel).getByLabelText('Description');
    expect(description.tagName).toBe('TEXTAREA');
    await user.type(description, 'Monthly payment{Enter}of a loan');
    expect(docNow().description).toBe('Monthly payment\nof a loan');
  });

  it('turns libraries on and off, and recalculates with them', async () => {
    seedDraft();
    const { user, panel, workers, answer } = await openSettings();
    const lodash = within(panel).getByRole('checkbox', { name: 'Lodash' });
    const moment = within(panel).getByRole('checkbox', { name: 'Moment.js' });
    const mathjs = within(panel).getByRole('checkbox', { name: 'Math.js' });
    expect([lodash, moment, mathjs].map((box) => (box as HTMLInputElement).checked)).toEqual([
      false,
      false,
      false,
    ]);
    await user.click(mathjs);
    expect(docNow().libraries).toEqual({ lodash: false, moment: false, mathjs: true });
    await user.click(lodash);
    await user.click(moment);
    expect(docNow().libraries).toEqual({ lodash: true, moment: true, mathjs: true });
    await user.click(mathjs);
    expect(docNow().libraries).toEqual({ lodash: true, moment: true, mathjs: false });
    expect(mathjs).not.toBeChecked();
    expect(lodash).toBeChecked();

    await answer();
    expect(workers.current.last.doc.libraries).toEqual({
      lodash: true,
      moment: true,
      mathjs: false,
    });
  });

  it('turns formula.js and decimal.js on and off', async () => {
    seedDraft();
    const { user, panel, workers, answer } = await openSettings();
    const excel = within(panel).getByRole('checkbox', { name: 'formula.js (Excel functions)' });
    const decimal = within(panel).getByRole('checkbox', { name: 'decimal.js (exact decimals)' });
    expect(excel).not.toBeChecked();
    expect(decimal).not.toBeChecked();
    await user.click(decimal);
    await user.click(excel);
    expect(docNow().libraries).toMatchObject({ formulajs: true, decimal: true, mathjs: false });
    await user.click(excel);
    expect(excel).not.toBeChecked();
    expect(docNow().libraries).toMatchObject({ formulajs: false, decimal: true });
    await answer();
    expect(workers.current.last.doc.libraries).toMatchObject({ formulajs: false, decimal: true });
  });

  it('sets the tab size (whole numbers 1 to 16; empty means 2)', async () => {
    seedDraft();
    const { user, panel } = await openSettings();
    const tabSize = within(panel).getByLabelText('Tab size');
    expect(tabSize).toHaveValue('2');
    // An emptied field stays empty while the doc falls back to 2, so a new size can be typed.
    await user.clear(tabSize);
    expect(docNow().tabSize).toBe(2);
    expect(tabSize).toHaveValue('');
    await user.type(tabSize, '4');
    expect(docNow().tabSize).toBe(4);
    for (const bad of ['0', '17', '2.5', 'four']) {
      await user.clear(tabSize);
      await user.paste(bad);
      expect(tabSize).toHaveValue(bad);
      expect(docNow().tabSize).toBe(2);
    }
    await user.clear(tabSize);
    await user.paste('16');
    expect(docNow().tabSize).toBe(16);
  });

  it('sets the inputs and outputs labels, shown as the section titles', async () => {
    seedDraft();
    const { user, panel } = await openSettings();
    const inputsLabel = within(panel).getByLabelText('Inputs label');
    const outputsLabel = within(panel).getByLabelText('Outputs label');
    expect(inputsLabel).toHaveAttribute('placeholder', 'Inputs');
    expect(outputsLabel).toHaveAttribute('placeholder', 'Outputs');
    expect(screen.getByRole('heading', { level: 2, name: 'Inputs' })).toBeVisible();

    await user.type(inputsLabel, 'Your loan');
    await user.type(outputsLabel, 'Payments');
    expect(docNow()).toMatchObject({ inputs_label: 'Your loan', outputs_label: 'Payments' });
    expect(screen.getByRole('heading', { level: 2, name: 'Your loan' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 2, name: 'Inputs' })).toBeNull();
  });

  it('sets the colours and the font size in doc_style, and resets colours to the theme', async () => {
    seedDraft({}, { doc_style: {} });
    const { user, panel } = await openSettings();
    expect(within(panel).getAllByText('Theme default')).toHaveLength(2);

    fireEvent.change(within(panel).getByLabelText('Background colour'), {
      target: { value: '#ffeecc' },
    });
    fireEvent.change(within(panel).getByLabelText('Font colour'), {
      target: { value: '#112233' },
    });
    await user.type(within(panel).getByLabelText('Font size (pt)'), '14');
    expect(styleNow()).toEqual({ bgcolor: '#ffeecc', fcolor: '#112233', fsize: 14 });
    expect(within(panel).getByText('#ffeecc')).toBeVisible();
    // The doc itself is unchanged, but the calculator is unsaved.
    expect(docNow().name).toBe('');
    expect(screen.getByText('Unsaved changes')).toBeVisible();

    // The calculator in calc mode wears the style.
    await user.click(screen.getByRole('button', { name: 'Calc mode' }));
    const calculator = document.querySelector<HTMLElement>('.calculator');
    expect(calculator?.style.backgroundColor).toBe('rgb(255, 238, 204)');
    expect(calculator?.style.color).toBe('rgb(17, 34, 51)');
    expect(calculator?.style.fontSize).toBe('14pt');

    await user.click(
      within(panel).getByRole('button', { name: 'Use the theme’s background colour' }),
    );
    expect(styleNow()).toEqual({ fcolor: '#112233', fsize: 14 });
    await user.click(within(panel).getByRole('button', { name: 'Use the theme’s font colour' }));
    await user.clear(within(panel).getByLabelText('Font size (pt)'));
    expect(styleNow()).toEqual({});
    expect(within(panel).getAllByText('Theme default')).toHaveLength(2);
  });

  it("pins the published theme and language in doc_style, keeping the style's other fields", async () => {
    seedDraft({}, { doc_style: { bgcolor: '#ffeecc', shadow: 'soft' } });
    const { user, panel } = await openSettings();
    const theme = within(panel).getByLabelText('Published theme');
    const lang = within(panel).getByLabelText('Published language');
    expect(theme).toHaveValue('auto');
    await user.selectOptions(theme, 'dark');
    await user.selectOptions(lang, 'ru');
    expect(styleNow()).toEqual({ bgcolor: '#ffeecc', shadow: 'soft', theme: 'dark', lang: 'ru' });
    await user.selectOptions(theme, 'auto');
    await user.selectOptions(lang, 'auto');
    expect(styleNow()).toEqual({ bgcolor: '#ffeecc', shadow: 'soft' });
  });

  it('closes with its close button or Escape, giving focus back to its toggle', async () => {
    seedDraft();
    const { user, toggle, panel } = await openSettings();
    expect(within(panel).getByRole('heading', { name: 'Settings' })).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Close Settings' }));
    expect(screen.queryByRole('region', { name: 'Settings' })).toBeNull();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    await user.type(
      within(screen.getByRole('region', { name: 'Settings' })).getByLabelText('Name'),
      'x',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Settings' })).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('sets "Don’t publish while tests fail" in the doc, and takes it out again', async () => {
    seedDraft({ tests: [{ name: 'Zero', values: {}, expected: {} }] });
    const { user, panel } = await openSettings();
    const hold = within(panel).getByRole('checkbox', { name: 'Don’t publish while tests fail' });
    expect(hold).not.toBeChecked();
    expect(hold).toHaveAccessibleDescription(
      'A save whose tests fail is kept, but visitors see the last version whose tests passed.',
    );
    await user.click(hold);
    expect(docNow().holdWhileTestsFail).toBe(true);
    expect(docNow().tests).toEqual([{ name: 'Zero', values: {}, expected: {} }]);
    await user.click(hold);
    expect('holdWhileTestsFail' in docNow()).toBe(false);
  });

  it('lets visitors explore (the What if… panel) in a new calculator, and turns it off', async () => {
    seedDraft();
    const { user, panel } = await openSettings();
    const explore = within(panel).getByRole('checkbox', { name: 'Let visitors explore' });
    expect(explore).toHaveAccessibleDescription(
      'Visitors of the published calculator get the What if… panel: goal seek, sensitivity tables and scenarios.',
    );
    expect(explore).toBeChecked();
    await user.click(explore);
    expect('explore' in docNow()).toBe(false);
    await user.click(explore);
    expect(docNow().explore).toBe(true);
  });

  it('shows a calculator without the setting as not explorable', async () => {
    // A doc saved before the setting existed has no `explore` field.
    seedDraft({ explore: undefined });
    const { panel } = await openSettings();
    expect(within(panel).getByRole('checkbox', { name: 'Let visitors explore' })).not.toBeChecked();
  });
});

describe('the Submissions section', () => {
  it('turns collecting on with an e-mail and a name, and keeps only the choices made', async () => {
    seedDraft();
    const { user, panel } = await openSettings();
    const section = within(panel).getByRole('region', { name: 'Submissions' });
    await user.click(within(section).getByRole('checkbox', { name: 'Collect submissions' }));
    expect(docNow().submissions).toEqual({
      enabled: true,
      fields: [{ name: 'email', required: true }, { name: 'name' }],
    });
    await user.selectOptions(within(section).getByLabelText('Consent checkbox'), 'required');
    const consent = within(section).getByLabelText('Consent text');
    expect(consent).toHaveAccessibleDescription('The consent checkbox needs its text.');
    await user.type(consent, 'Call me');
    expect(consent).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(within(section).getByLabelText('E-mail me'), 'daily');
    await user.selectOptions(within(section).getByLabelText('Keep submissions for'), '30');
    expect(docNow().submissions).toEqual({
      enabled: true,
      fields: [
        { name: 'name' },
        { name: 'email', required: true },
        { name: 'consent', required: true },
      ],
      consentText: 'Call me',
      notify: 'daily',
      retentionDays: 30,
    });
    // Off keeps the settings for later, not collecting.
    await user.click(within(section).getByRole('checkbox', { name: 'Collect submissions' }));
    expect(docNow().submissions).toMatchObject({ enabled: false, consentText: 'Call me' });
    expect(within(section).queryByLabelText('Consent text')).toBeNull();
  });
});
