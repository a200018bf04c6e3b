// "Sites that may embed this calculator" in the settings panel: one site a line into the
// doc's `embedDomains`, empty lines kept while typing, the server's words for an entry it
// would refuse, and no field at all once the list is emptied (every site may embed it).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CalcDoc } from '../../lib/types';
import { useUi } from '../../stores/ui';
import { EmbedDomainsSetting, embedDomainsProblem } from './embed-domains-setting';

/** The setting over a doc held here, shown as JSON for the test to read. */
function Harness({ doc }: { doc: CalcDoc }) {
  const [current, setCurrent] = useState(doc);
  return (
    <>
      <EmbedDomainsSetting doc={current} onDocChange={(change) => setCurrent(change)} />
      <output data-testid="doc">{JSON.stringify(current)}</output>
    </>
  );
}

const docNow = (): CalcDoc => JSON.parse(screen.getByTestId('doc').textContent ?? '{}');
const OPEN =
  'Empty: every site may embed it. One site a line, e.g. example.com, *.example.com or http://127.0.0.1:5174.';
const LISTED =
  'Only these sites may embed it. One site a line, e.g. example.com, *.example.com or http://127.0.0.1:5174.';

beforeEach(() => useUi.setState({ locale: 'en' }));

describe('EmbedDomainsSetting', () => {
  it('says every site may embed while empty, and lists one site a line', async () => {
    render(<Harness doc={{ name: 'Quote' }} />);
    const field = screen.getByRole('textbox', { name: 'Sites that may embed this calculator' });
    expect(field).toHaveAccessibleDescription(OPEN);
    await userEvent.type(field, ' Shop.example.com {Enter}{Enter}http://127.0.0.1:5174');
    expect(field).toHaveValue(' Shop.example.com \n\nhttp://127.0.0.1:5174');
    expect(docNow().embedDomains).toEqual(['Shop.example.com', 'http://127.0.0.1:5174']);
    expect(field).toHaveAccessibleDescription(LISTED);
    expect(field).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(field);
    expect('embedDomains' in docNow()).toBe(false);
    expect(field).toHaveAccessibleDescription(OPEN);
  });

  it('shows the entry the server would refuse, in its words, before saving', async () => {
    render(<Harness doc={{ name: 'Quote', embedDomains: ['example.com'] }} />);
    const field = screen.getByRole('textbox', { name: 'Sites that may embed this calculator' });
    expect(field).toHaveValue('example.com');
    await userEvent.type(field, '{Enter}exa mple.com');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      `${LISTED} "exa mple.com" is not a site (write example.com, *.example.com or http://127.0.0.1:5174)`,
    );
    // Kept in the doc, so the save's answer names it too.
    expect(docNow().embedDomains).toEqual(['example.com', 'exa mple.com']);
  });

  it('speaks Russian', async () => {
    useUi.setState({ locale: 'ru' });
    render(<Harness doc={{ name: 'Quote', embedDomains: ['ftp://example.com'] }} />);
    const field = screen.getByRole('textbox', {
      name: 'Сайты, которые могут встраивать этот калькулятор',
    });
    expect(field).toHaveAccessibleDescription(
      'Встраивать его могут только эти сайты. По одному сайту в строке, например example.com, *.example.com или http://127.0.0.1:5174. ' +
        '«ftp://example.com» — не сайт (пишите example.com, *.example.com или http://127.0.0.1:5174)',
    );
  });
});

describe('embedDomainsProblem', () => {
  it('finds what the server refuses: a bad entry (quoted short) or more than 20', () => {
    expect(embedDomainsProblem(['example.com', '*.example.com'])).toBeNull();
    expect(embedDomainsProblem(['example.com', 'https://example.com/path', 'x y'])).toEqual({
      kind: 'notASite',
      entry: 'https://example.com/path',
    });
    expect(embedDomainsProblem([`a\tb${'c'.repeat(100)}`])).toEqual({
      kind: 'notASite',
      entry: `a b${'c'.repeat(57)}…`,
    });
    const many = Array.from({ length: 21 }, (_, n) => `s${n}.example.com`);
    expect(embedDomainsProblem(many)).toEqual({ kind: 'tooMany', count: 21 });
    expect(embedDomainsProblem(many.slice(1))).toBeNull();
  });
});
