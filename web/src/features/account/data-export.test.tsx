import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUi } from '../../stores/ui';
import { json, stubFetch } from '../../testing/fetch';
import { DataExport } from './data-export';

let saved: { name: string; text: string }[] = [];

beforeEach(() => {
  useUi.setState({ locale: 'en', toasts: [] });
  saved = [];
  let blob: Blob | undefined;
  URL.createObjectURL = vi.fn((object: Blob | MediaSource) => {
    blob = object as Blob;
    return 'blob:export';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const name = this.download;
    void blob!.text().then((text) => saved.push({ name, text }));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DataExport', () => {
  it("saves the server's file under the server's name", async () => {
    const { calls } = stubFetch(
      () =>
        new Response('{"format":1}', {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'content-disposition': 'attachment; filename="calcsmith-data-2026-11-28.json"',
          },
        }),
    );
    render(<DataExport />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/account/export']);
    expect(saved[0]).toEqual({ name: 'calcsmith-data-2026-11-28.json', text: '{"format":1}' });
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it("shows the server's reason when there is no file", async () => {
    stubFetch(() =>
      json(429, {
        message: 'You have downloaded your data 10 times this hour. Please try again later.',
      }),
    );
    render(<DataExport />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have downloaded your data 10 times this hour. Please try again later.',
    );
    expect(saved).toEqual([]);
  });

  it('speaks Russian', () => {
    useUi.setState({ locale: 'ru' });
    render(<DataExport />);
    expect(screen.getByRole('button', { name: 'Скачать мои данные' })).toBeInTheDocument();
  });
});
