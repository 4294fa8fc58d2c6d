/**
 * The error every api call rejects with (both transports: the axios client and the public fetch client): HTTP
 * status, contract error code, the gateway's message, data.
 */
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

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * The words to show for a refused call: the gateway's own (an ApiError's message: see answerError), else
 * `fallback`. Any other error (a fault in the page's own code) shows the fallback, not its technical text.
 */
export function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.message.trim() ? error.message : fallback;
}
