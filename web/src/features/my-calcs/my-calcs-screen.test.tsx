import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { json, stubFetch, type FetchCall } from '../../testing/fetch';
import MyCalcsScreen from './my-calcs-screen';

const row = (id: string, name: string, isPrivate = false) => ({
  _id: id,
  doc: { name, metaInputs: [], metaOutputs: [] },
  doc_style: {},
  private: isPrivate,
});

function show(path: string, respond: (call: FetchCall) => Response) {
  const server = stubFetch(respond);
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/user/calculators" element={<MyCalcsScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...server, user: userEvent.setup() };
}

const page = (data: unknown[], paging = { page: 1, pages: 1, perPage: 20, total: data.length }) =>
  json(200, { data, paging });

beforeEach(() => {
  useSession.setState({ authenticated: true, user: null, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
});

afterEach(() => vi.unstubAllGlobals());

describe('MyCalcsScreen', () => {
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
});
