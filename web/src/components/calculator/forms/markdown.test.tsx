import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SmallMarkdown, markdownBlocks, safeLinkAddress } from './markdown';

/** The rendered Markdown's HTML (React's own escaping included). */
const html = (text: string) => {
  const { container } = render(<SmallMarkdown text={text} />);
  return container.innerHTML;
};

describe('SmallMarkdown', () => {
  it('renders emphasis, strong and paragraphs', () => {
    expect(html('A *fair* and **fast** loan.\n\nSecond paragraph')).toBe(
      '<div class="small-markdown"><p>A <em>fair</em> and <strong>fast</strong> loan.</p>' +
        '<p>Second paragraph</p></div>',
    );
  });

  it('keeps a line break inside a paragraph', () => {
    expect(html('one\ntwo')).toBe('<div class="small-markdown"><p>one<br>two</p></div>');
  });

  it('renders bullet and numbered lists', () => {
    expect(html('Bring:\n- your *ID*\n- a payslip\n\n3. third\n4. fourth')).toBe(
      '<div class="small-markdown"><p>Bring:</p><ul><li>your <em>ID</em></li>' +
        '<li>a payslip</li></ul><ol start="3"><li>third</li><li>fourth</li></ol></div>',
    );
  });

  it('links to http, https and mailto addresses in a new tab, without the opener', () => {
    const { container } = render(
      <SmallMarkdown text="See [the **rates**](https://example.com/rates?a=1&b=2) or [mail us](mailto:a@b.c)." />,
    );
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(2);
    expect(links[0].getAttribute('href')).toBe('https://example.com/rates?a=1&b=2');
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(links[0].getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0].innerHTML).toBe('the <strong>rates</strong>');
    expect(links[1].getAttribute('href')).toBe('mailto:a@b.c');
  });

  it('shows HTML as text, never as markup', () => {
    const text = '<script>alert(1)</script> <img src=x onerror="alert(2)"> <b>bold</b>';
    const { container } = render(<SmallMarkdown text={text} />);
    expect(container.querySelector('script, img, b')).toBeNull();
    expect(container.textContent).toBe(text);
  });

  it('leaves links to javascript:, data: and relative addresses as text', () => {
    for (const address of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/account',
      '//evil.example',
      'vbscript:x',
    ]) {
      const text = `[click](${address})`;
      const { container, unmount } = render(<SmallMarkdown text={text} />);
      expect(container.querySelector('a')).toBeNull();
      expect(container.textContent).toBe(text);
      unmount();
    }
  });

  it('does not nest a link in a link, and keeps escaped stars', () => {
    const { container } = render(
      <SmallMarkdown text="[a [b](https://x.y)](https://z.w) 2 \*3\* 4" />,
    );
    expect(container.querySelectorAll('a a')).toHaveLength(0);
    expect(container.textContent).toContain('2 *3* 4');
    expect(container.querySelector('em')).toBeNull();
  });

  it('renders nothing for empty or non-text descriptions', () => {
    expect(html('')).toBe('');
    expect(html('  \n ')).toBe('');
    const { container } = render(<SmallMarkdown text={{ toString: () => 'x' }} />);
    expect(container.innerHTML).toBe('');
  });

  it('leaves a lone star as it is', () => {
    expect(html('2 * 3 = 6 and *unclosed')).toBe(
      '<div class="small-markdown"><p>2 * 3 = 6 and *unclosed</p></div>',
    );
  });
});

describe('markdownBlocks', () => {
  it('splits paragraphs at blank lines and groups list items', () => {
    expect(markdownBlocks('a\nb\n\n- x\n- y\n1. z')).toEqual([
      { kind: 'paragraph', lines: ['a', 'b'] },
      { kind: 'bullets', items: ['x', 'y'] },
      { kind: 'numbers', start: 1, items: ['z'] },
    ]);
  });
});

describe('safeLinkAddress', () => {
  it('allows http, https and mailto only', () => {
    expect(safeLinkAddress('https://a.b')).toBe(true);
    expect(safeLinkAddress('http://a.b/c')).toBe(true);
    expect(safeLinkAddress('mailto:x@y.z')).toBe(true);
    expect(safeLinkAddress('javascript:alert(1)')).toBe(false);
    expect(safeLinkAddress('ftp://a.b')).toBe(false);
    expect(safeLinkAddress('https://')).toBe(false);
  });
});
