import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { json, stubFetch, type FetchCall } from '../../testing/fetch';
import AnalyticsScreen from './analytics-screen';

// Chart.js draws on a canvas jsdom does not have; the chart's numbers are in its table.
vi.mock('./daily-chart', () => ({
  DailyChart: ({ description }: { description: string }) => <p>{description}</p>,
}));

const ID = 'aaaaaaaaaaaaaaaa';

const day = (date: string, views: number, visitors: number, engaged: number, submissions = 0) => ({
  date,
  views,
  visitors,
  engaged,
  submissions,
  errors: 0,
});

const report = (days: number) => ({
  days: [day('2026-03-09', 3, 2, 1, 2), day('2026-03-10', 1, 1, 0)].slice(2 - Math.min(days, 2)),
  referrers: [{ name: 'search.example', count: 3 }],
  sites: [],
  devices: [{ name: 'phone', count: 4 }],
  languages: [{ name: 'ru', count: 4 }],
  errors: [{ message: 'Error: boom (line 3)', count: 2, last_seen: '2026-03-10T12:00:00Z' }],
  enabled: true,
  range_days: Math.min(days, 30),
  history_days: 30,
});

function show(respond: (call: FetchCall) => Response) {
  const server = stubFetch(respond);
  render(
    <MemoryRouter initialEntries={[`/analytics/${ID}`]}>
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/analytics/:calcId" element={<AnalyticsScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...server, user: userEvent.setup() };
}

const answer = (call: FetchCall) => {
  if (call.path.startsWith(`/api/source/${ID}`))
    return json(200, { _id: ID, doc: { name: 'Loan' }, doc_style: {} });
  const days = Number(new URL(call.path, 'http://x').searchParams.get('days'));
  if (call.method === 'PUT')
    return json(200, { message: 'Analytics are off: visits to this calculator are not counted.' });
  return json(200, report(days));
};

beforeEach(() => {
  useSession.setState({ authenticated: true, user: null, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
});

afterEach(() => vi.unstubAllGlobals());

describe('AnalyticsScreen', () => {
  it('shows the funnel with rates, the submissions, the tables and the errors', async () => {
    const { calls } = show(answer);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Analytics: Loan');
    expect(calls[0].path).toBe(`/api/calc/${ID}/analytics?days=30`);
    expect(screen.getByTestId('funnel-views')).toHaveTextContent('4');
    expect(screen.getByTestId('funnel-visitors')).toHaveTextContent('3');
    expect(screen.getByTestId('funnel-engaged')).toHaveTextContent('1');
    expect(screen.getByText('33% of visitors')).toBeInTheDocument();
    // Submitted: counted from the visitors' submit beacons, as a share of the visitors.
    expect(screen.getByTestId('funnel-submitted')).toHaveTextContent('2');
    expect(screen.getByText('67% of visitors')).toBeInTheDocument();
    const referrers = screen.getByRole('region', { name: 'Where visitors came from' });
    expect(within(referrers).getByRole('row', { name: 'search.example 3' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Sites that embed it' })).getByText('Nothing yet.'),
    ).toBeInTheDocument();
    const devices = screen.getByRole('region', { name: 'Devices' });
    expect(within(devices).getByRole('row', { name: 'Phone 4' })).toBeInTheDocument();
    const languages = screen.getByRole('region', { name: 'Languages' });
    expect(within(languages).getByRole('row', { name: 'Russian 4' })).toBeInTheDocument();
    const errors = screen.getByRole('region', { name: 'Errors visitors saw' });
    expect(within(errors).getByRole('cell', { name: 'Error: boom (line 3)' })).toBeInTheDocument();
    const daily = screen.getByRole('region', { name: 'Daily' });
    expect(within(daily).getAllByRole('row')).toHaveLength(3);
    expect(
      within(daily).getByText(
        'Views, visitors and visitors who used it per day, 2026-03-09 to 2026-03-10: 4 views in all.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for 7 or 90 days and says when the plan keeps fewer', async () => {
    const { calls, user } = show(answer);
    await screen.findByTestId('funnel-views');
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(
      await screen.findByText(
        'Your plan keeps 30 days of history: showing 30 days. Upgrade to keep more.',
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === `/api/calc/${ID}/analytics?days=90`)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await screen.findByTestId('funnel-views');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByText(/Your plan keeps/)).toBeNull();
  });

  it('turns counting off with the server’s message', async () => {
    const { calls, user } = show(answer);
    await user.click(await screen.findByRole('switch', { name: 'Count visits' }));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put).toEqual({
      method: 'PUT',
      path: `/api/calc/${ID}/analytics`,
      body: { enabled: false },
    });
    expect(useUi.getState().toasts.map((t) => t.text)).toEqual([
      'Analytics are off: visits to this calculator are not counted.',
    ]);
  });

  it('sends a signed-out visitor home', () => {
    useSession.setState({ authenticated: false });
    show(answer);
    expect(screen.getByText('Home')).toBeInTheDocument();
  });
});
