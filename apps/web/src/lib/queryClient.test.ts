import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { retryDelay, shouldRetry } from './queryClient';

describe('query retries', () => {
  it('doubles from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries 3 times, never on 4xx', () => {
    const serverError = new ApiError(500, { message: 'boom' });
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(2, serverError)).toBe(true);
    expect(shouldRetry(3, serverError)).toBe(false);
    expect(shouldRetry(0, new ApiError(404, { message: 'no' }))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, { message: 'no' }))).toBe(false);
    expect(shouldRetry(0, new TypeError('network'))).toBe(true);
    expect(shouldRetry(0, new ApiError(0, { message: 'offline' }))).toBe(true);
  });
});
