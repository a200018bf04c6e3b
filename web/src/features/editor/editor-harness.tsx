// Test harness for the source editor's tests: the screen at /source/{id} in a memory
// router, a draft seeded in the calcs store, and a fake calculation worker.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { newDoc } from '../../lib/doc';
import { CalcWorkerClient } from '../../lib/engine/client';
import { setCalcClientForTests } from '../../components/calculator/use-calculation';
import type { CalcDoc, DocStyle, EvalResult } from '../../lib/types';
import { useCalcs, type OpenCalc } from '../../stores/calcs';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { fakeWorkers, okResult } from '../../testing/fake-worker';
import SourceScreen from './source-screen';

export const CALC_ID = 'abcdefgh12345678';

// Whole-screen tests with many keystrokes: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

/** Where the memory router is (shown by the harness). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** A fresh store, session and UI, with a draft calculator holding `doc`. */
export function seedDraft(
  doc: Partial<CalcDoc> = {},
  calc: Partial<Omit<OpenCalc, 'doc'>> = {},
): OpenCalc {
  useSession.setState({ user: null, authenticated: true, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
  const open: OpenCalc = {
    _id: CALC_ID,
    doc: { ...newDoc(), ...doc },
    doc_style: {},
    saved: false,
    stored: false,
    ...calc,
  };
  useCalcs.setState({ calcs: { [CALC_ID]: open }, order: [CALC_ID] });
  return open;
}

/**
 * Renders the editor for the seeded draft, with a fake worker behind the calculation.
 * With `editor: false` it does not wait for the editor (for screens shown instead of it).
 */
export async function renderEditor(id = CALC_ID, { editor = true } = {}) {
  const workers = fakeWorkers();
  setCalcClientForTests(new CalcWorkerClient(workers.factory));
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={[`/source/${id}`]}>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/source/:calcId" element={<SourceScreen />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
  if (editor) {
    await screen.findByRole('tablist', { name: 'Editor sections' });
    // The editor asks for its first result as it mounts: wait until it has (effects may
    // run just after the markup appears).
    await waitFor(() => expect(workers.current.posted).toHaveLength(1));
  }

  /** Answers the worker's current request; the newest request is then `workers.current.last`. */
  const answer = async (result: EvalResult = okResult({})) => {
    await act(async () => workers.current.answer(result));
  };
  /** The newest values the page asked the worker to calculate with. */
  const latestValues = async () => {
    await answer();
    return workers.current.last.values;
  };
  return { user, workers, answer, latestValues };
}

export const calcNow = (id = CALC_ID) => useCalcs.getState().calcs[id];
export const docNow = (id = CALC_ID): CalcDoc => calcNow(id).doc;
export const styleNow = (id = CALC_ID): DocStyle => calcNow(id).doc_style;
export const location = () => screen.getByTestId('location').textContent;
export const toasts = () => useUi.getState().toasts.map((toast) => toast.text);

/** The group of the input (or output) named `name`; `index` picks among nested namesakes. */
export function group(label: string, index = 0): HTMLElement {
  const groups = screen.getAllByRole('group', { name: label });
  expect(groups.length).toBeGreaterThan(index);
  return groups[index];
}

export const inputGroup = (name: string, index = 0) => group(`Input ${name}`, index);
export const outputGroup = (name: string, index = 0) => group(`Output ${name}`, index);

/** Opens the menu button `menu` (inside `scope`) and picks `item`. */
export async function pick(
  user: ReturnType<typeof userEvent.setup>,
  menu: string,
  item: string,
  scope: HTMLElement = document.body,
) {
  await user.click(within(scope).getByRole('button', { name: `${menu} ▾` }));
  await user.click(within(scope).getByRole('menuitem', { name: item }));
}

/**
 * For `afterEach`: unmounts what a test rendered, then drops the fake worker's client.
 * In that order, since a screen still mounted would calculate through a real Worker, which
 * jsdom lacks (setup.ts's own clean-up runs only after the test file's hooks).
 */
export function resetCalcClient(): void {
  cleanup();
  setCalcClientForTests(null);
}
