import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCalcs } from '../../stores/calcs';
import { useUi } from '../../stores/ui';
import WelcomeScreen from './welcome-screen';

// No worker in jsdom: the preview's results are the engine's business (see examples.test.ts).
vi.mock('../../components/calculator/use-calculation', () => ({
  useCalculation: () => ({ result: null, pending: true }),
}));

function Source() {
  return <p>Editing {useParams().calcId}</p>;
}

function show() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<WelcomeScreen />} />
        <Route path="/source/:calcId" element={<Source />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  useUi.setState({ locale: 'en', toasts: [] });
  useCalcs.setState({ calcs: {}, order: [] });
});

describe('WelcomeScreen', () => {
  it('has the title, subtitle and document title', () => {
    show();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome to Calcsmith!$/);
    expect(screen.getByText('Build a Custom Online Calculator')).toBeVisible();
    expect(document.title).toBe('Calcsmith — Build a Custom Online Calculator');
  });

  it('creates an empty draft and opens it', async () => {
    const user = show();
    await user.click(screen.getAllByRole('button', { name: 'Create a calculator' })[0]);
    const [id] = useCalcs.getState().order;
    expect(id).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(screen.getByText(`Editing ${id}`)).toBeInTheDocument();
    expect(useCalcs.getState().calcs[id].doc.metaInputs).toEqual([]);
  });

  it('opens an example in the editor as an unsaved draft', async () => {
    const user = show();
    const card = screen.getByRole('article', { name: 'Body mass index' });
    await user.click(within(card).getByRole('button', { name: 'Open in the editor' }));
    const [id] = useCalcs.getState().order;
    const draft = useCalcs.getState().calcs[id];
    expect(draft.doc.name).toBe('Body mass index');
    expect(draft.saved).toBe(false);
    expect(draft.stored).toBe(false);
    expect(screen.getByText(`Editing ${id}`)).toBeInTheDocument();
  });

  it('previews the chosen example and moves focus to it', async () => {
    const user = show();
    expect(screen.getByRole('heading', { name: 'Preview: Loan payment' })).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Split the bill' });
    const button = within(card).getByRole('button', { name: 'Preview' });
    await user.click(button);
    const heading = screen.getByRole('heading', { name: 'Preview: Split the bill' });
    expect(heading).toHaveFocus();
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'Preview: Split the bill' })).toHaveTextContent(
      'Items',
    );
  });

  it('speaks Russian', () => {
    useUi.setState({ locale: 'ru' });
    show();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Добро пожаловать в Calcsmith!',
    );
    expect(screen.getByRole('article', { name: 'Платёж по кредиту' })).toBeInTheDocument();
  });
});
