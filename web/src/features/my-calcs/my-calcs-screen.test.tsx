import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCalcs } from '../../stores/calcs';
import { useSession } from '../../stores/session';
import { setDocCheckForTests } from '../../lib/calc-file/calc-file';
import { useUi } from '../../stores/ui';
import { json, stubFetch, type FetchCall } from '../../testing/fetch';
import { testUser } from '../../testing/user';
import MyCalcsScreen from './my-calcs-screen';

const row = (id: string, name: string, isPrivate = false) => ({
  _id: id,
  doc: { name, metaInputs: [], metaOutputs: [] },
  doc_style: {},
  private: isPrivate,
  views_30d: 0,
  unread_submissions: 0,
});

function show(path: string, respond: (call: FetchCall) => Response) {
  const server = stubFetch(respond);
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/user/calculators" element={<MyCalcsScreen />} />
        <Route path="/source/:calcId" element={<SourceProbe />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...server, user: userEvent.setup() };
}

function SourceProbe() {
  return <p data-testid="source">{useParams().calcId}</p>;
}

const page = (data: unknown[], paging = { page: 1, pages: 1, perPage: 20, total: data.length }) =>
  json(200, { data, paging });

beforeEach(() => {
  useSession.setState({ authenticated: true, user: null, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
  useCalcs.setState({ calcs: {}, order: [] });
  setDocCheckForTests(async () => null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setDocCheckForTests(null);
});

const toastTexts = () => useUi.getState().toasts.map((t) => t.text);

describe('MyCalcsScreen', () => {
  it('shows each calculator’s views of the last 30 days and links to its analytics', async () => {
    show('/user/calculators', () =>
      page([
        { ...row('aaaaaaaaaaaaaaaa', 'Loan'), views_30d: 1234 },
        row('bbbbbbbbbbbbbbbb', 'Tip'),
      ]),
    );
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]).getByText('Views in 30 days: 1,234')).toBeInTheDocument();
    expect(within(items[1]).getByText('Views in 30 days: 0')).toBeInTheDocument();
    expect(within(items[0]).getByRole('link', { name: 'Analytics Loan' })).toHaveAttribute(
      'href',
      '/analytics/aaaaaaaaaaaaaaaa',
    );
  });

  it('links to each calculator’s submissions with its unread count', async () => {
    show('/user/calculators', () =>
      page([
        { ...row('aaaaaaaaaaaaaaaa', 'Loan'), unread_submissions: 1234 },
        row('bbbbbbbbbbbbbbbb', 'Tip'),
      ]),
    );
    const items = await screen.findAllByRole('listitem');
    const loan = within(items[0]).getByRole('link', { name: /^Submissions Loan/ });
    expect(loan).toHaveAttribute('href', '/submissions/aaaaaaaaaaaaaaaa');
    expect(within(loan).getByTestId('unread-count')).toHaveTextContent(/^1,234 unread$/);
    const tip = within(items[1]).getByRole('link', { name: 'Submissions Tip' });
    expect(within(tip).queryByTestId('unread-count')).toBeNull();
  });

  it('sends a signed-out visitor home', () => {
    useSession.setState({ authenticated: false });
    show('/user/calculators', () => page([]));
    expect(screen.getByText('Home')).toBeInTheDocument();
  });

  it('asks the server for the page in the query and names nameless calculators', async () => {
    const { calls } = show('/user/calculators?page=2', () =>
      page([row('aaaaaaaaaaaaaaaa', 'Loan'), row('bbbbbbbbbbbbbbbb', '')], {
        page: 2,
        pages: 3,
        perPage: 20,
        total: 42,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Loan' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Untitled calculator' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/calc/user/?page=2' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Previous page/ })).toHaveAttribute(
      'href',
      '/user/calculators',
    );
    expect(screen.getByRole('link', { name: /Next page/ })).toHaveAttribute(
      'href',
      '/user/calculators?page=3',
    );
    expect(screen.getByRole('link', { name: 'Edit Loan' })).toHaveAttribute(
      'href',
      '/source/aaaaaaaaaaaaaaaa',
    );
    expect(screen.getByRole('link', { name: 'View Loan' })).toHaveAttribute(
      'href',
      '/calc/aaaaaaaaaaaaaaaa',
    );
  });

  it('shows the empty state with a create button', async () => {
    show('/user/calculators', () => page([]));
    expect(await screen.findByRole('heading', { name: 'No saved calculators yet' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create a calculator' })).toBeVisible();
  });

  it('toggles privacy and shows the server message', async () => {
    const { calls, user } = show('/user/calculators', (call) =>
      call.method === 'PUT'
        ? page([row('aaaaaaaaaaaaaaaa', 'Loan')])
        : json(200, { message: 'The calculator is now private: only you can open it.' }),
    );
    const toggle = await screen.findByRole('switch', { name: 'Private: Loan' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(calls[1]).toMatchObject({
      method: 'POST',
      path: '/api/calc/edit/?calcId=aaaaaaaaaaaaaaaa',
    });
    expect(useUi.getState().toasts.map((t) => t.text)).toEqual([
      'The calculator is now private: only you can open it.',
    ]);
  });

  it('keeps the state and shows the message of a 400', async () => {
    const { user } = show('/user/calculators', (call) =>
      call.method === 'PUT'
        ? page([row('aaaaaaaaaaaaaaaa', 'Loan')])
        : json(400, { message: 'Private calculators need the Regular or Premium plan.' }),
    );
    const toggle = await screen.findByRole('switch', { name: 'Private: Loan' });
    await user.click(toggle);
    await waitFor(() =>
      expect(useUi.getState().toasts.map((t) => t.text)).toEqual([
        'Private calculators need the Regular or Premium plan.',
      ]),
    );
    expect(useUi.getState().toasts[0].action).toEqual({ label: 'Upgrade', href: '/pricing' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    const { user } = show('/user/calculators', () =>
      fail ? json(500) : page([row('aaaaaaaaaaaaaaaa', 'Loan')]),
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'Loan' })).toBeInTheDocument();
  });

  it('marks calculators whose tests fail, and only those', async () => {
    show('/user/calculators', () =>
      page([
        { ...row('aaaaaaaaaaaaaaaa', 'Loan'), tests: { passed: 1, failed: 2 } },
        { ...row('bbbbbbbbbbbbbbbb', 'Tax'), tests: { passed: 3, failed: 0 } },
        { ...row('cccccccccccccccc', 'Tip'), tests: null },
      ]),
    );
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]).getByText('Tests fail: 2 of 3')).toBeVisible();
    expect(within(items[1]).queryByText(/Tests fail/)).toBeNull();
    expect(within(items[2]).queryByText(/Tests fail/)).toBeNull();
  });

  it('imports a calculator file as a new unsaved draft with a fresh id', async () => {
    const { user } = show('/user/calculators', () => page([]));
    await screen.findByRole('heading', { name: 'No saved calculators yet' });
    const doc = {
      name: 'Imported',
      script: 'return {};',
      metaInputs: [],
      metaOutputs: [],
      tests: [{ name: 'Zero', values: {}, expected: {} }],
      futureField: 1,
    };
    const file = new File(
      [JSON.stringify({ _id: 'aaaaaaaaaaaaaaaa', doc, doc_style: { fsize: 14 } })],
      'Imported.json',
      { type: 'application/json' },
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeVisible();
    await user.upload(screen.getByTestId('import-file'), file);
    const id = (await screen.findByTestId('source')).textContent ?? '';
    expect(id).toMatch(/^[0-9a-zA-Z]{16}$/);
    expect(id).not.toBe('aaaaaaaaaaaaaaaa');
    const draft = useCalcs.getState().calcs[id];
    expect(draft).toMatchObject({ saved: false, stored: false, doc_style: { fsize: 14 } });
    expect(draft.doc).toMatchObject(doc);
    expect(toastTexts()).toEqual(['“Imported” is open as a new draft. Save it to keep it.']);
  });

  it('tells an imported calculator from one here with its name', async () => {
    const loan = row('aaaaaaaaaaaaaaaa', 'Loan');
    useSession.setState({ user: testUser({ calcs: [loan] }) });
    const { user } = show('/user/calculators', () => page([loan]));
    await screen.findByRole('heading', { name: 'Loan' });
    const file = (name: string) =>
      new File([JSON.stringify({ doc: { ...loan.doc, name } })], 'Loan.json', {
        type: 'application/json',
      });
    const importedAs = async (name: string) => {
      await user.upload(screen.getByTestId('import-file'), file(name));
      const id = (await screen.findByTestId('source')).textContent ?? '';
      return useCalcs.getState().calcs[id].doc.name;
    };
    expect(await importedAs('Loan')).toBe('Loan (imported)');
    expect(toastTexts()).toEqual(['“Loan (imported)” is open as a new draft. Save it to keep it.']);
  });

  it('marks an import again while the first import is open, in Russian too', async () => {
    useUi.setState({ locale: 'ru' });
    useSession.setState({ user: testUser({ calcs: [row('aaaaaaaaaaaaaaaa', 'Кредит')] }) });
    useCalcs.getState().draftFrom({ name: 'Кредит (импорт)' }, null);
    const { user } = show('/user/calculators', () => page([]));
    await screen.findByRole('heading', { name: 'Сохранённых калькуляторов пока нет' });
    await user.upload(
      screen.getByTestId('import-file'),
      new File([JSON.stringify({ doc: { name: 'Кредит' } })], 'Кредит.json', {
        type: 'application/json',
      }),
    );
    const id = (await screen.findByTestId('source')).textContent ?? '';
    expect(useCalcs.getState().calcs[id].doc.name).toBe('Кредит (импорт 2)');
  });

  it('refuses a file that is not a calculator and changes nothing', async () => {
    show('/user/calculators', () => page([row('aaaaaaaaaaaaaaaa', 'Loan')]));
    await screen.findByRole('heading', { name: 'Loan' });
    const drop = (text: string) =>
      fireEvent.drop(screen.getByRole('heading', { name: 'Loan' }), {
        dataTransfer: { types: ['Files'], files: [new File([text], 'x.json')] },
      });
    drop('not json');
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        'This file is not a calculator: it is not JSON. Nothing was imported.',
      ]),
    );
    drop('{"name": "Loan"}');
    await waitFor(() =>
      expect(toastTexts().at(-1)).toBe(
        'This file is not a calculator: it has no “doc” object. Nothing was imported.',
      ),
    );
    setDocCheckForTests(async () => 'invalid type: string "x", expected a sequence');
    drop('{"doc": {"metaInputs": "x"}}');
    await waitFor(() =>
      expect(toastTexts().at(-1)).toBe(
        'This file is not a calculator: invalid type: string "x", expected a sequence. Nothing was imported.',
      ),
    );
    expect(useCalcs.getState().calcs).toEqual({});
    expect(screen.getByRole('heading', { name: 'Loan' })).toBeVisible();
    expect(screen.queryByTestId('source')).toBeNull();
  });

  it('takes a dropped calculator file', async () => {
    show('/user/calculators', () => page([]));
    await screen.findByRole('heading', { name: 'No saved calculators yet' });
    fireEvent.drop(screen.getByRole('heading', { name: 'My calculators' }), {
      dataTransfer: {
        types: ['Files'],
        files: [new File([JSON.stringify({ doc: { name: 'Dropped' } })], 'd.json')],
      },
    });
    const id = (await screen.findByTestId('source')).textContent ?? '';
    expect(useCalcs.getState().calcs[id].doc.name).toBe('Dropped');
  });
});
