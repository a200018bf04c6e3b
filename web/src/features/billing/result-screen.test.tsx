import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUi } from '../../stores/ui';
import { flush, json } from '../../testing/fetch';
import { forgetBilling } from './billing';
import { PricingFail, PricingPass } from './result-screen';
import { sandboxBilling, showAt } from './test-data';

const assign = vi.fn();

beforeEach(() => {
  forgetBilling();
  useUi.setState({ locale: 'en', toasts: [] });
  vi.stubGlobal('location', { ...window.location, assign, reload: vi.fn() });
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  assign.mockReset();
  vi.unstubAllGlobals();
});

describe('/pricing_pass', () => {
  it('thanks, then goes to /account/sub after 5000 ms', async () => {
    showAt('/pricing_pass', <PricingPass />, () => json(404));
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.queryByText('At /account/sub')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByText('At /account/sub')).toBeInTheDocument();
  });
});

describe('/pricing_fail', () => {
  it('shows the reason, then goes to the support address after 5000 ms', async () => {
    showAt('/pricing_fail?reason=Your%20card%20was%20declined.', <PricingFail />, () => json(404));
    expect(screen.getByText('Reason: Your card was declined.')).toBeVisible();
    await act(flush);
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      sandboxBilling.supportUrl,
    );
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(assign).toHaveBeenCalledWith('mailto:help@example.com');
  });

  it('has a generic reason when none is given', () => {
    showAt('/pricing_fail', <PricingFail />, () => json(404));
    expect(screen.getByText('Reason: The payment could not be completed.')).toBeVisible();
  });
});
