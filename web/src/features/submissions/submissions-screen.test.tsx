import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { json, stubFetch, type FetchCall } from '../../testing/fetch';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import SubmissionsScreen from './submissions-screen';

const ID = 'abcdefghijklmnop';

const doc = {
  name: 'Quote',
  metaInputs: [{ id: 1, name: 'a', type: 'number', prefix: '$' }],
  metaOutputs: [{ id: 1, name: 'total', type: 'value' }],
  submissions: { enabled: true, fields: [{ name: 'email', required: true }] },
};

const submission = (id: string, email: string, read: boolean) => ({
  id,
  created_at: Date.UTC(2026, 10, 28, 12, 0),
  version: 3,
  values: { a: 5 },
  outputs: { total: 10 },
  display: { total: '10.00' },
  contact: { email, name: 'Ada' },
  consent_text: null,
  page: 'shop.example.com/quote',
  locale: 'en',
  read,
});

function show(respond: (call: FetchCall) => Response) {
  const server = stubFetch(respond);
  render(
    <MemoryRouter initialEntries={[`/submissions/${ID}`]}>
      <Routes>
        <Route path="/submissions/:calcId" element={<SubmissionsScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  return server;
}

const answers = (list: unknown) => (call: FetchCall) =>
  call.path === `/api/source/${ID}`
    ? json(200, { _id: ID, doc, doc_style: {} })
    : call.path.startsWith(`/api/calc/${ID}/submissions`)
      ? json(200, list)
      : call.path === `/api/calc/${ID}/webhooks`
        ? json(200, { data: [], limit: 1, used: 0 })
        : json(404, { message: 'Not found.' });

beforeEach(() => {
  useSession.setState({ authenticated: true, user: null, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the Submissions screen', () => {
  it('lists them newest first, marks the unread, and shows one’s details', async () => {
    show(
      answers({
        data: [
          submission('s2', 'bob@example.com', false),
          submission('s1', 'ada@example.com', true),
        ],
        paging: { page: 1, pages: 1, perPage: 50, total: 2 },
        heldBack: 0,
        monthlyLimit: 100,
      }),
    );
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(rows[1]).getByText('New')).toBeInTheDocument();
    expect(within(rows[2]).queryByText('New')).toBeNull();
    await userEvent.click(within(rows[1]).getAllByRole('button', { name: /^Details of / })[0]);
    expect(screen.getByText('$5')).toBeInTheDocument();
    expect(screen.getByText('10.00')).toBeInTheDocument();
    expect(screen.getByText(/^Version 3/)).toBeInTheDocument();
    expect(screen.queryByText(/^Held back/)).toBeNull();
  });

  it('filters the list and the CSV link alike, and says what is held back', async () => {
    const server = show(
      answers({
        data: [],
        paging: { page: 1, pages: 1, perPage: 50, total: 0 },
        heldBack: 3,
        monthlyLimit: 100,
      }),
    );
    expect(await screen.findByText('No submissions yet.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Held back: 3. Your plan shows 100 submissions a month; the rest are kept, not lost. Upgrade to read them.',
      ),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search name or e-mail' }), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No submission matches.')).toBeInTheDocument();
    expect(server.calls.map((c) => c.path)).toContain(`/api/calc/${ID}/submissions?page=1&q=ada`);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/calc/${ID}/submissions.csv?q=ada`,
    );
  });
});
