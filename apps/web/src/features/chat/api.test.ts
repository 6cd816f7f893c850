import type { ChatMessage } from '@paiclass/shared';
import { describe, expect, it } from 'vitest';
import { highlightParts, type ShownMessage, withIncoming } from './api';

const ME = 7;
const stored = (id: number, uniqueCode = '', fromUid = ME): ChatMessage => ({
  id,
  groupId: 1,
  fromUid,
  fromName: 'Grace',
  avatar: '',
  msgType: 0,
  msgContent: `message ${id}`,
  fileUrl: '',
  thumbUrl: '',
  fileSize: 0,
  createTime: 1_800_000_000,
  uniqueCode,
  msgtatus: 2,
});
const sending = (uniqueCode: string): ShownMessage => ({ ...stored(0, uniqueCode), id: 0, local: true, msgtatus: 1 });

describe('withIncoming: the chat page’s messages once one arrives from the socket', () => {
  it('puts the stored message in place of ours that was sending', () => {
    const now = [{ ...stored(1) }, sending('u-2')];
    expect(withIncoming(now, stored(2, 'u-2'), ME).map((m) => [m.id, m.local ?? false])).toEqual([
      [1, false],
      [2, false],
    ]);
  });

  it('shows the message once when the history brought it before its answer came', () => {
    // the page reloaded its newest page while "u-2" was sending: the stored copy came first
    const now = [{ ...stored(1) }, { ...stored(2) }, sending('u-2')];
    const after = withIncoming(now, stored(2, 'u-2'), ME);
    expect(after.map((m) => m.id)).toEqual([1, 2]);
    expect(after.filter((m) => m.local)).toEqual([]);
  });

  it('adds another’s message once, however often it arrives', () => {
    const once = withIncoming([stored(1)], stored(3, 'theirs', 9), ME);
    expect(withIncoming(once, stored(3, 'theirs', 9), ME).map((m) => m.id)).toEqual([1, 3]);
  });

  it('does not take another’s message with the same code for ours', () => {
    const now = [sending('same')];
    expect(withIncoming(now, stored(4, 'same', 9), ME).map((m) => [m.id, m.local ?? false])).toEqual([
      [0, true],
      [4, false],
    ]);
  });
});

describe('highlightParts', () => {
  it('marks every occurrence of the keyword, in any case, Chinese included', () => {
    expect(highlightParts('请交实验报告，实验报告要打印', '实验报告')).toEqual([
      ['请交', false],
      ['实验报告', true],
      ['，', false],
      ['实验报告', true],
      ['要打印', false],
    ]);
    expect(highlightParts('Lab REPORT due', 'report')).toEqual([
      ['Lab ', false],
      ['REPORT', true],
      [' due', false],
    ]);
    expect(highlightParts('no match here', '实验')).toEqual([['no match here', false]]);
    expect(highlightParts('100% 完成', '%')).toEqual([
      ['100', false],
      ['%', true],
      [' 完成', false],
    ]);
  });
});
