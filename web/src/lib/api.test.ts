import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, authGate, messageOf, OOPS } from './api';
import { json, stubFetch } from '../testing/fetch';

const onUnauthorized = vi.fn();

beforeEach(() => {
  authGate.onUnauthorized = onUnauthorized;
});

afterEach(() => {
  authGate.cancel('test over');
  onUnauthorized.mockReset();
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a 401 answer', () => {
  it('holds every request and asks for a sign-in once', async () => {
    stubFetch(() => json(401));
    void api.get('/api/source/a').catch(() => {});
    void api.post('/api/source/b', { doc: 1 }).catch(() => {});
    void api.delete('/api/source/c').catch(() => {});
    await vi.waitFor(() => expect(authGate.waiting).toBe(3));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('retries the held requests after a sign-in; they resolve with the retried answer', async () => {
    let signedIn = false;
    const { calls } = stubFetch((call) =>
      signedIn ? json(200, { answered: `${call.method} ${call.path}` }) : json(401),
    );
    const first = api.get('/api/source/a');
    const second = api.post('/api/source/b', { doc: { name: 'B' } });
    await vi.waitFor(() => expect(authGate.waiting).toBe(2));

    signedIn = true;
    authGate.release();

    await expect(first).resolves.toEqual({ answered: 'GET /api/source/a' });
    await expect(second).resolves.toEqual({ answered: 'POST /api/source/b' });
    expect(authGate.waiting).toBe(0);
    // The retry repeats the same call, body included.
    expect(calls.slice(2)).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/source/a', body: undefined },
        { method: 'POST', path: '/api/source/b', body: { doc: { name: 'B' } } },
      ]),
    );
    expect(calls).toHaveLength(4);
  });

  it('asks again for a sign-in when a request is held after an earlier release', async () => {
    stubFetch(() => json(401));
    void api.get('/api/a').catch(() => {});
    await vi.waitFor(() => expect(authGate.waiting).toBe(1));
    authGate.release();
    await vi.waitFor(() => expect(authGate.waiting).toBe(1)); // the retry got 401 again
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('rejects the held requests with the reason when the sign-in is cancelled', async () => {
    const { calls } = stubFetch(() => json(401));
    const first = api.get('/api/a');
    const second = api.put('/api/b', { x: 1 });
    await vi.waitFor(() => expect(authGate.waiting).toBe(2));

    authGate.cancel('Sign-in was cancelled.');

    for (const held of [first, second]) {
      const error = await failure(held);
      expect(error.code).toBe('cancelled');
      expect(error.message).toBe('Sign-in was cancelled.');
    }
    expect(authGate.waiting).toBe(0);
    expect(calls).toHaveLength(2);
  });

  it('fails at once with code unauthorized for a request that opts out', async () => {
    stubFetch(() => json(401, { message: 'Wrong email or password.' }));
    const error = await failure(api.post('/api/login', {}, { skipAuthHold: true }));
    expect(error.code).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.message).toBe('Wrong email or password.');
    expect(authGate.waiting).toBe(0);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('other answers', () => {
  it('a 400 with a message is a bad_request carrying the server text', async () => {
    stubFetch(() => json(400, { message: 'You have reached the limit of your plan.' }));
    const error = await failure(api.post('/api/source/x', {}));
    expect(error.code).toBe('bad_request');
    expect(error.status).toBe(400);
    expect(error.message).toBe('You have reached the limit of your plan.');
    expect(messageOf(error)).toBe('You have reached the limit of your plan.');
  });

  it('a 400 without a JSON message falls back to the generic text', async () => {
    stubFetch(() => new Response('<html>bad</html>', { status: 400 }));
    const error = await failure(api.get('/api/x'));
    expect(error.code).toBe('bad_request');
    expect(error.message).toBe('Oops, an error.');
  });

  it('a 409 is a conflict carrying the server text and the rest of its answer', async () => {
    const answer = { message: 'This calculator was changed elsewhere.', revision: 4 };
    stubFetch(() => json(409, answer));
    const error = await failure(api.post('/api/source/x', {}));
    expect(error.code).toBe('conflict');
    expect(error.status).toBe(409);
    expect(error.message).toBe('This calculator was changed elsewhere.');
    expect(error.body).toEqual(answer);
    expect(messageOf(error)).toBe('This calculator was changed elsewhere.');
  });

  it('a 402 is a refused payment carrying the provider text and its codes', async () => {
    const answer = {
      message: 'Your card was declined.',
      code: 'card_declined',
      declineCode: 'generic_decline',
    };
    stubFetch(() => json(402, answer));
    const error = await failure(api.post('/api/checkout', {}));
    expect(error.code).toBe('payment');
    expect(error.status).toBe(402);
    expect(error.body).toEqual(answer);
    expect(messageOf(error)).toBe('Your card was declined.');
  });

  it('a 404 is not_found', async () => {
    stubFetch(() => json(404, { message: 'Not found.' }));
    const error = await failure(api.get('/api/source/x'));
    expect(error.code).toBe('not_found');
    expect(error.status).toBe(404);
  });

  it('a 500 shows only the generic text, never the server text', async () => {
    stubFetch(() => json(500, { message: 'database is locked' }));
    const error = await failure(api.get('/api/x'));
    expect(error.code).toBe('server');
    expect(error.message).toBe('Oops, an error.');
    expect(messageOf(error)).toBe('Oops, an error.');
  });

  it('a network failure is Oops, an error.', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(api.get('/api/x'));
    expect(error.code).toBe('network');
    expect(error.message).toBe('Oops, an error.');
    expect(messageOf(error)).toBe('Oops, an error.');
  });

  it('an aborted call rejects with the AbortError, not an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends JSON with its content type and resolves with the JSON answer', async () => {
    const { fetch } = stubFetch(() => json(200, { ok: true }));
    await expect(api.post('/api/calc/edit/', { calcId: 'x' })).resolves.toEqual({ ok: true });
    const init = fetch.mock.calls[0][1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'content-type': 'application/json' });
    expect(init.body).toBe('{"calcId":"x"}');
  });

  it('resolves with null for an empty answer', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/api/source/x')).resolves.toBeNull();
  });
});

describe('messageOf', () => {
  it("gives the server's text for client errors", () => {
    expect(messageOf(new ApiError('bad_request', 'Name taken.', 400))).toBe('Name taken.');
    expect(messageOf(new ApiError('cancelled', 'Sign-in was cancelled.', 401))).toBe(
      'Sign-in was cancelled.',
    );
  });

  it('gives Oops, an error. for server errors and anything that is not an ApiError', () => {
    expect(OOPS).toBe('Oops, an error.');
    expect(messageOf(new ApiError('server', 'stack trace', 500))).toBe('Oops, an error.');
    expect(messageOf(new Error('boom'))).toBe('Oops, an error.');
    expect(messageOf('boom')).toBe('Oops, an error.');
    expect(messageOf(undefined)).toBe('Oops, an error.');
  });
});
