/**
 * A mocked fetch (the transport of the public sign-in calls, and of the translations): a handler answers each
 * request with a status, a body and headers, or a network failure, as the axios mockAdapter does.
 */
import { vi } from 'vitest';
import { CLIENT_VERSION } from '../../../contract/constants';
import type { MockAnswer } from './mock-adapter';

export interface SeenFetch {
  method: string;
  /** The path, without the query. */
  url: string;
  /** The query parameters. */
  params: Record<string, string>;
  headers: Headers;
  /** The body as sent (a JSON string for non-GET requests). */
  data: string | undefined;
  signal: AbortSignal | undefined;
}

export type FetchHandler = (req: SeenFetch) => MockAnswer | Promise<MockAnswer>;

/** Replaces the global fetch until vi.unstubAllGlobals(); answers asynchronously, as a real server would. */
export function mockFetch(handler: FetchHandler, seen: SeenFetch[] = []): SeenFetch[] {
  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    const req: SeenFetch = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: url.pathname,
      params: Object.fromEntries(url.searchParams),
      headers: new Headers(init.headers),
      data: typeof init.body === 'string' ? init.body : undefined,
      signal: init.signal ?? undefined,
    };
    seen.push(req);
    await new Promise((r) => setTimeout(r, 1));
    const answer = await handler(req);
    if (req.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    if (answer.network) throw new TypeError('Failed to fetch');
    const body = answer.data === undefined ? '{}' : typeof answer.data === 'string' ? answer.data : JSON.stringify(answer.data);
    return new Response(body, {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', Version: CLIENT_VERSION, Time: String(Date.now()), ...(answer.headers ?? {}) },
    });
  });
  return seen;
}

export function fetchBodyOf(req: SeenFetch): unknown {
  return req.data === undefined ? undefined : JSON.parse(req.data);
}
