/** The gateway's error type: a code of contract/errors.ts, its HTTP status and optional data. */
import { errorStatus, type ErrorCodeValue } from '../../../contract/errors';

export class ApiError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCodeValue,
    readonly data?: Record<string, unknown>,
    /** Overrides the status of the catalogue (rarely needed). */
    status?: number,
  ) {
    super(`API error ${code}`);
    this.name = 'ApiError';
    this.statusCode = status ?? errorStatus[code];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
