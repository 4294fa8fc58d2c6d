/** A mocked axios adapter: a handler answers each request with a status, a body and headers. */
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { CLIENT_VERSION } from '../../../contract/constants';

export interface MockAnswer {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
  /** No answer at all: a network failure. */
  network?: boolean;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: AxiosHeaders;
  /** The body as sent (a JSON string for non-GET requests). */
  data: unknown;
  config: InternalAxiosRequestConfig;
}

export type Handler = (req: SeenRequest) => MockAnswer | Promise<MockAnswer>;

export function mockAdapter(handler: Handler, seen: SeenRequest[] = []): AxiosAdapter {
  return async (config) => {
    const req: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      headers: AxiosHeaders.from(config.headers),
      data: config.data,
      config,
    };
    seen.push(req);
    // answer asynchronously, as a real server would
    await new Promise((r) => setTimeout(r, 1));
    const answer = await handler(req);
    if (answer.network) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = {
      status: answer.status ?? 200,
      statusText: String(answer.status ?? 200),
      data: answer.data ?? {},
      headers: new AxiosHeaders({ Version: CLIENT_VERSION, Time: String(Date.now()), ...(answer.headers ?? {}) }),
      config,
    };
    if (response.status >= 400) {
      throw new AxiosError(`Request failed with status code ${response.status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    }
    return response;
  };
}

export function bodyOf(req: SeenRequest): unknown {
  return typeof req.data === 'string' ? JSON.parse(req.data) : req.data;
}
