import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import { forgetsToken } from './authStore';

// the dialog kit does not load outside a browser; these rules do not use it
vi.mock('antd-mobile', () => ({ Dialog: {}, Toast: {} }));

describe('a failed user-info load at start (spec 1 §4)', () => {
  it('removes a token the server refused', () => {
    expect(forgetsToken(new ApiError(20003, 'not logged in'), 'old', 'old')).toBe(true);
  });

  it('keeps a token another login stored while the answer was on its way', () => {
    expect(forgetsToken(new ApiError(20003, 'not logged in'), 'old', 'new')).toBe(false);
  });

  it('keeps the token when the request got no answer (no network, or the page moved on)', () => {
    expect(forgetsToken(new ApiError(NETWORK_ERROR, 'network'), 'old', 'old')).toBe(false);
  });
});
