/** The error every api call rejects with: HTTP status, contract error code, the gateway's message, data. */
import type { AxiosError } from 'axios';
import type { ApiErrorBody } from '../../contract/errors';

export class ApiError extends Error {
  readonly status: number;
  /** Refine's HttpError field. */
  readonly statusCode: number;
  readonly code: number | null;
  readonly data?: Record<string, unknown>;
  /** true when no answer came back (network failure or time-out). */
  readonly network: boolean;

  constructor(message: string, status: number, code: number | null, data?: Record<string, unknown>, network = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.statusCode = status;
    this.code = code;
    this.data = data;
    this.network = network;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).code === 'number';
}

export function toApiError(error: AxiosError): ApiError {
  const response = error.response;
  if (!response) return new ApiError(error.message || 'Network Error', 0, null, undefined, true);
  const body: unknown = response.data;
  if (isErrorBody(body)) return new ApiError(body.message ?? '', response.status, body.code, body.data);
  return new ApiError(error.message || `HTTP ${response.status}`, response.status, null);
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
