// The author's side of issue 30 as steps other specs can chain: a loan calculator's inputs
// and script saved through the API, then its form built in the editor as an author does it
// (a show-when rule made in the rule builder, a valid-when rule with its message, three
// steps, a section and two presets) and saved. Below them, what a visitor's steps look for
// on such a form (the progress, a number field, the rule's and the outputs' waiting texts).
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { calcDoc, saveCalculator } from './helpers';

/** The loan calculator before its form is built: five inputs, two outputs, its script. */
export const formsDoc = () =>
  calcDoc({
    name: 'Loan with a co-borrower',
    script:
      "'use strict';\n\nvar income = (inputs.income || 0) + (inputs.coIncome || 0);\n" +
      'return { total: income * inputs.years, monthly: income / 12 };\n',
    inputs: [
      { id: 1, name: 'age', type: 'number' },
      { id: 2, name: 'coBorrower', type: 'binary' },
      { id: 3, name: 'income', type: 'number' },
      { id: 4, name: 'coIncome', type: 'number' },
      { id: 5, name: 'years', type: 'number' },
    ],
    outputs: [
      { id: 1, name: 'total', type: 'value', decimalPlaces: 0 },
      { id: 2, name: 'monthly', type: 'value', decimalPlaces: 2 },
    ],
    defaults: { '1': 30, '2': false, '3': 40000, '4': 0, '5': 20 },
  });

/** What the author's form adds to the doc, exactly as the editor saves it. */
export const BUILT = {
  visibleWhen: 'inputs.coBorrower === true && inputs.income < 50000',
  validWhen: [{ rule: 'inputs.age >= 18', message: 'must be 18 or over' }],
  steps: [
    { id: 'st1', title: 'About you', inputs: [1, 2] },
    { id: 'st2', title: 'Money', inputs: [3, 4] },
    { id: 'st3', title: 'Term', inputs: [5] },
  ],
  sections: [{ id: 'co-borrower', title: 'Co-borrower', description: 'Only *with* a partner.' }],
  presets: [
    { name: 'Typical family', values: { '1': 30, '2': false, '3': 40000, '4': 0, '5': 20 } },
    { name: 'First-time buyer', values: { '1': 30, '2': false, '3': 30000, '4': 0, '5': 20 } },
  ],
};

/** An input's card in edit mode (`exact`: "Input income" must not match "Input coIncome"). */
export const inputCard = (page: Page, name: string) =>
  page.getByRole('group', { name: `Input ${name}`, exact: true });

/** Opens a side panel by its toolbar button; returns the panel. */
export async function openPanel(page: Page, name: string): Promise<Locator> {
  const panel = page.getByRole('region', { name, exact: true });
  if (!(await panel.isVisible())) await page.getByRole('button', { name, exact: true }).click();
  await expect(panel).toBeVisible();
  return panel;
}

/** Adds a condition to a rule builder `rule` and fills it in. */
export async function addCondition(
  rule: Locator,
  n: number,
  input: string,
  operator: string,
  value?: { text?: string; option?: string },
) {
  await rule.getByRole('button', { name: '+ Add condition' }).click();
  await rule.getByRole('combobox', { name: `Input of condition ${n}` }).selectOption(input);
  await rule.getByRole('combobox', { name: `Operator of condition ${n}` }).selectOption(operator);
  const field = rule.getByLabel(`Value of condition ${n}`, { exact: true });
  if (value?.text !== undefined) await field.fill(value.text);
  if (value?.option !== undefined) await field.selectOption(value.option);
}

/**
 * Saves `formsDoc()` as the signed-in user of `page`, opens it in the editor and builds its
 * form (BUILT) through the editor's UI, then saves; returns the calculator's id.
 */
export async function buildFormsCalculator(page: Page): Promise<string> {
  const id = await saveCalculator(page.request, formsDoc());
  await page.goto(`/source/${id}`);
  await expect(inputCard(page, 'coIncome')).toBeVisible();

  // Show coIncome when there is a co-borrower with a small income: made in the builder.
  const show = inputCard(page, 'coIncome').getByRole('group', { name: 'Show when' });
  await addCondition(show, 1, 'coBorrower', 'is', { option: 'checked' });
  await addCondition(show, 2, 'income', '<', { text: '50000' });

  // age must be 18 or over, with the author's message.
  const age = inputCard(page, 'age');
  await age.getByRole('button', { name: '+ Add valid-when rule' }).click();
  const message = age.getByRole('textbox', { name: 'Message of rule 1' });
  await expect(message).toHaveAccessibleDescription(/A message is needed/);
  await addCondition(age.getByRole('group', { name: 'Rule 1 holds when' }), 1, 'age', '≥', {
    text: '18',
  });
  await message.fill('must be 18 or over');
  await expect(message).not.toHaveAttribute('aria-invalid');

  // Three steps, a section and two presets, in the Settings panel.
  const settings = await openPanel(page, 'Settings');
  const steps = settings.getByRole('region', { name: 'Steps' });
  for (const [n, title, inputs] of [
    [1, 'About you', ['age', 'coBorrower']],
    [2, 'Money', ['income', 'coIncome']],
    [3, 'Term', ['years']],
  ] as const) {
    await steps.getByRole('button', { name: '+ Add step' }).click();
    const step = steps.getByRole('group', { name: `Step ${n}: Step ${n}` });
    for (const input of inputs) {
      await step.getByRole('checkbox', { name: input, exact: true }).check();
    }
    await step.getByRole('textbox', { name: 'Title' }).fill(title);
  }
  await expect(steps.getByRole('combobox', { name: 'Show outputs' })).toHaveValue('last');

  const sections = settings.getByRole('region', { name: 'Sections' });
  await sections.getByRole('button', { name: '+ Add section' }).click();
  const section = sections.getByRole('group', { name: 'Section Section 1' });
  await section.getByRole('textbox', { name: 'Title' }).fill('Co-borrower');
  await expect(
    sections.getByRole('group', { name: 'Section Co-borrower' }).getByRole('textbox', {
      name: 'Title',
    }),
  ).toHaveAccessibleDescription('Id: co-borrower');
  await sections
    .getByRole('group', { name: 'Section Co-borrower' })
    .getByRole('textbox', { name: 'Description' })
    .fill('Only *with* a partner.');
  await inputCard(page, 'coIncome')
    .getByRole('combobox', { name: 'Section', exact: true })
    .selectOption('Co-borrower');

  const presets = settings.getByRole('region', { name: 'Presets' });
  await presets.getByRole('textbox', { name: 'Name of the new preset' }).fill('Typical family');
  await presets.getByRole('button', { name: 'Save current values as preset' }).click();
  await inputCard(page, 'income').getByLabel('Current value', { exact: true }).fill('30000');
  await presets.getByRole('textbox', { name: 'Name of the new preset' }).fill('First-time buyer');
  await presets.getByRole('button', { name: 'Save current values as preset' }).click();
  await expect(presets.getByRole('textbox', { name: 'Name of preset 2' })).toHaveValue(
    'First-time buyer',
  );

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  return id;
}

// ---- the visitor's side ----

/** The Valid-when rule's message for an age under 18 (the author's words). */
export const TOO_YOUNG = BUILT.validWhen[0].message;
/** What the outputs say while a shown input breaks a Valid-when rule. */
export const WAITING = 'Fix the highlighted fields to see the results.';

/** "Step n of m" above a form's steps. */
export const progress = (page: Page | FrameLocator) => page.locator('.calc-step-count');

/** A number input's field by the input's name ("income" is not "coIncome"). */
export const field = (page: Page | FrameLocator, name: string) =>
  page.getByRole('spinbutton', { name: new RegExp(`^${name}\\b`) });

/** Replaces the focused field's text, typing as a visitor does. */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** Presses `key` (Tab by default) and expects `target` to have the focus then. */
export async function pressFor(page: Page, target: Locator, key = 'Tab') {
  await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

/**
 * Presses Tab until `target` has the focus (at most 40 times), as a visitor does with the
 * keyboard alone; `target` may be in a frame.
 */
export async function tabTo(page: Page, target: Locator) {
  const focused = () =>
    target
      .evaluate((element) => element.ownerDocument.hasFocus() && element.matches(':focus'))
      .catch(() => false);
  for (let count = 0; count < 40 && !(await focused()); count++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
