import { describe, expect, it } from 'vitest';
import { answerError } from '../../src/api/envelope';
import { ApiError, messageOf } from '../../src/api/errors';

describe('answerError: the message of a refused call', () => {
  it.each([
    ['the gateway\'s own words when it gave them', { code: 49, message: 'Yêu cầu xung đột với một yêu cầu trước đó.', data: { reason: 'issued', message: 'PNR đã xuất vé: không tính lại giá được.' } }, 'PNR đã xuất vé: không tính lại giá được.'],
    ['the code\'s text without data', { code: 70, message: 'Số dư không đủ' }, 'Số dư không đủ'],
    ['the code\'s text when data has no message', { code: 49, message: 'Xung đột', data: { reason: 'issued' } }, 'Xung đột'],
    ['the code\'s text when data.message is blank', { code: 49, message: 'Xung đột', data: { message: '  ' } }, 'Xung đột'],
    ['the code\'s text when data.message is not text', { code: 49, message: 'Xung đột', data: { message: { vi: 'x' } } }, 'Xung đột'],
    ['empty when the body has a code and nothing else', { code: 49 }, ''],
    ['the transport\'s message for a body without a code', { error: 'Bad Gateway' }, 'Request failed with status code 502'],
    ['the transport\'s message for no body', undefined, 'Request failed with status code 502'],
  ])('%s', (_case, body, message) => {
    const error = answerError(502, body, 'Request failed with status code 502');
    expect(error.message).toBe(message);
    expect(error.status).toBe(502);
  });

  it('keeps the code and the data for the screens that decide on them', () => {
    const error = answerError(409, { code: 49, message: 'Xung đột', data: { reason: 'issued', message: 'Đã xuất vé' } }, '');
    expect(error.code).toBe(49);
    expect(error.data).toEqual({ reason: 'issued', message: 'Đã xuất vé' });
  });
});

describe('messageOf', () => {
  it.each([
    ['an ApiError\'s message', new ApiError('PNR đã xuất vé', 409, 49), 'PNR đã xuất vé'],
    ['the fallback for an ApiError without words', new ApiError(' ', 409, 49), 'Không thực hiện được'],
    ['the fallback for a fault in the page\'s own code', new TypeError('Cannot read properties of undefined'), 'Không thực hiện được'],
    ['the fallback for a plain object', { message: 'x' }, 'Không thực hiện được'],
    ['the fallback for nothing', undefined, 'Không thực hiện được'],
  ])('%s', (_case, error, shown) => {
    expect(messageOf(error, 'Không thực hiện được')).toBe(shown);
  });
});
