import { describe, expect, it } from 'vitest';
import { normalizeContentState as n } from './state';

describe('content state normalisation (spec 2 §4)', () => {
  it.each([2, 5, 7, 8, 9, 10])(
    'type %i: raw status 0 becomes 2 and 2 becomes 1, others unchanged; the raw state is the student’s',
    (type) => {
      expect(n({ contenttype: type, status: 0, state: 4 })).toMatchObject({ status: 2, state: 4 });
      expect(n({ contenttype: type, status: 2, state: 0 })).toMatchObject({ status: 1, state: 0 });
      expect(n({ contenttype: type, status: 1, state: 1 })).toMatchObject({ status: 1, state: 1 });
      expect(n({ contenttype: type, status: 5, state: 2 })).toMatchObject({ status: 5, state: 2 });
    },
  );

  it('type 7: read when state is 1; status 3 maps to 2', () => {
    expect(n({ contenttype: 7, status: 1, state: 1 })).toEqual({ status: 1, state: 1, read: true });
    expect(n({ contenttype: 7, status: 1, state: 0 })).toEqual({ status: 1, state: 0, read: false });
    expect(n({ contenttype: 7, status: 3, state: 0 })).toMatchObject({ status: 2 });
    // other remapped types keep status 3
    expect(n({ contenttype: 5, status: 3, state: 0 }).status).toBe(3);
  });

  it.each([3, 4, 25])('type %i: state is the server value plus 1', (type) => {
    expect(n({ contenttype: type, status: 1, state: 0 })).toEqual({ status: 1, state: 1 });
    expect(n({ contenttype: type, status: 0, state: 2 })).toEqual({ status: 0, state: 3 });
  });

  it('type 6: state is the paper type', () => {
    expect(n({ contenttype: 6, status: 1, state: 0, testpaperType: 2 })).toEqual({ status: 1, state: 2 });
  });

  it.each([20, 21])('type %i (live, recording): state is fixed at 3', (type) => {
    expect(n({ contenttype: type, status: 0, state: 0 }).state).toBe(3);
    expect(n({ contenttype: type, status: 2, state: 1 }).state).toBe(3);
  });

  it('type 22 (meeting): status 2 sets state 1', () => {
    expect(n({ contenttype: 22, status: 2, state: 0 })).toEqual({ status: 2, state: 1 });
    expect(n({ contenttype: 22, status: 1, state: 0 })).toEqual({ status: 1, state: 0 });
  });

  it('type 1 (courseware) passes through unchanged', () => {
    expect(n({ contenttype: 1, status: 0, state: 0 })).toEqual({ status: 0, state: 0 });
  });
});
