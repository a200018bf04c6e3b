// "Keep the script private" in the settings panel: on Regular and Premium it turns the
// doc's `privateScript` on and off; on the free plan it is off and says which plans have it.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CalcDoc, User } from '../../lib/types';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { PrivateScriptSetting } from './private-script-setting';

/** The setting over a doc held here, shown as JSON for the test to read. */
function Harness({ doc }: { doc: CalcDoc }) {
  const [current, setCurrent] = useState(doc);
  return (
    <>
      <PrivateScriptSetting doc={current} onDocChange={(change) => setCurrent(change)} />
      <output data-testid="doc">{JSON.stringify(current)}</output>
    </>
  );
}

const docNow = (): CalcDoc => JSON.parse(screen.getByTestId('doc').textContent ?? '{}');

function signedInOn(plan: string) {
  useSession.setState({ user: { name: 'Ada', plan, calcs: [] } as unknown as User });
}

beforeEach(() => useUi.setState({ locale: 'en' }));

describe('PrivateScriptSetting', () => {
  it('turns the private script on and off on the Regular plan', async () => {
    signedInOn('regular');
    render(<Harness doc={{ name: 'Margin' }} />);
    const box = screen.getByRole('checkbox', { name: 'Keep the script private' });
    expect(box).toBeEnabled();
    expect(box).toHaveAccessibleDescription(
      'Visitors get the calculator without its script and tests: it calculates on the server, with no offline use, What if… or export.',
    );
    await userEvent.click(box);
    expect(docNow().privateScript).toBe(true);
    await userEvent.click(box);
    expect('privateScript' in docNow()).toBe(false);
  });

  it('is off and says why on the free plan', () => {
    signedInOn('free');
    render(<Harness doc={{ name: 'Margin' }} />);
    const box = screen.getByRole('checkbox', { name: 'Keep the script private' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(
      'Keeping the script private needs the Regular or Premium plan.',
    );
  });

  it('can still be turned off after a downgrade', async () => {
    signedInOn('free');
    render(<Harness doc={{ name: 'Margin', privateScript: true }} />);
    const box = screen.getByRole('checkbox', { name: 'Keep the script private' });
    expect(box).toBeEnabled();
    await userEvent.click(box);
    expect('privateScript' in docNow()).toBe(false);
  });

  it('speaks Russian', () => {
    signedInOn('premium');
    useUi.setState({ locale: 'ru' });
    render(<Harness doc={{ name: 'Margin' }} />);
    expect(screen.getByRole('checkbox', { name: 'Держать скрипт в тайне' })).toBeEnabled();
  });
});
