import { describe, expect, it } from 'vitest';
import { dueComments } from './replayTimeline';

const list = [{ at: 0 }, { at: 3.2 }, { at: 7.5 }, { at: 12 }];

describe('dueComments', () => {
  it('flies a comment at the very start on the first tick of a recording played from its start', () => {
    expect(dueComments(list, -1, 0.25, false)).toEqual([{ at: 0 }]);
  });

  it('flies each comment once as the picture passes its moment', () => {
    expect(dueComments(list, 0.25, 3.0, false)).toEqual([]);
    expect(dueComments(list, 3.0, 3.25, false)).toEqual([{ at: 3.2 }]);
    expect(dueComments(list, 3.25, 3.5, false)).toEqual([]);
  });

  it('flies what a busy phone played through between two ticks seconds apart', () => {
    expect(dueComments(list, 3.25, 8.1, false)).toEqual([{ at: 7.5 }]);
    expect(dueComments(list, 0.25, 12.5, false)).toEqual([{ at: 3.2 }, { at: 7.5 }, { at: 12 }]);
  });

  it('skips what a seek jumped over, and flies again from where a seek back lands', () => {
    expect(dueComments(list, 1, 8, true)).toEqual([]);
    expect(dueComments(list, 8, 8.25, false)).toEqual([]);
    expect(dueComments(list, 8.25, 12.1, false)).toEqual([{ at: 12 }]);
    // back to the start: nothing on the jump itself, then each moment again
    expect(dueComments(list, 12.1, 3.1, false)).toEqual([]);
    expect(dueComments(list, 3.1, 3.3, false)).toEqual([{ at: 3.2 }]);
  });
});
