import { describe, expect, it } from 'vitest';
import { classState } from './classState';

describe('course list state labels (spec 1 §4)', () => {
  it('maps type and the meeting flag to the label', () => {
    expect(classState({ type: 1, is_meeting: 0 })).toBe('live');
    expect(classState({ type: 3, is_meeting: 0 })).toBe('inClass');
    expect(classState({ type: 3, is_meeting: 1 })).toBe('inMeetingClass');
    expect(classState({ type: 0, is_meeting: 1 })).toBe('inMeeting');
    expect(classState({ type: 0, is_meeting: 0 })).toBeNull();
  });

  it('reads the numbers as Ketangpai clients send them, strings included, and missing fields as none', () => {
    expect(classState({ type: '3' as unknown as number })).toBe('inClass');
    expect(classState({})).toBeNull();
  });
});
