import { describe, expect, it } from 'vitest';
import { addNoticePath, noticePath } from './paths';
import type { ActivityItem } from './types';
import { earliestSchedule, itemTime, parseItemId, uniqueItems } from './utils';

const item = (id: number, extra: Partial<ActivityItem> = {}) => ({ id, item_type: 1, ...extra }) as ActivityItem;

describe('notice pages', () => {
  it('builds the addresses of spec 2 §2 with courseId and courseRole', () => {
    expect(noticePath(4, 1)).toBe('/noticeDetail?courseId=4&courseRole=1');
    expect(noticePath(4, 0, 9)).toBe('/noticeDetail?id=9&courseId=4&courseRole=0');
    expect(addNoticePath(4, 1)).toBe('/addActivity/notice?courseId=4&courseRole=1');
    expect(addNoticePath(4, 1, 9)).toBe('/addActivity/notice?courseId=4&courseRole=1&id=9');
  });

  it('takes only a positive whole id from the address', () => {
    expect(parseItemId('12')).toBe(12);
    expect(parseItemId(null)).toBeNull();
    for (const bad of ['', '0', '-3', '1.5', '7abc', '99999999999999999999']) expect(parseItemId(bad)).toBeNull();
  });

  it('lists items once each and leaves folders out', () => {
    const pages = [{ list: [item(3), item(2), item(9, { item_type: 2 })] }, { list: [item(2), item(1)] }];
    expect(uniqueItems(pages).map((i) => i.id)).toEqual([3, 2, 1]);
    expect(uniqueItems(undefined)).toEqual([]);
  });

  it('dates an item by its publish time, or by when it was written while unpublished', () => {
    expect(itemTime({ publish_time: 200, createtime: 100 })).toBe(200);
    expect(itemTime({ publish_time: 0, createtime: 100 })).toBe(100);
  });

  it('schedules no earlier than the next whole minute', () => {
    const now = new Date(2026, 8, 1, 8, 30, 40).getTime();
    expect(earliestSchedule(now)).toEqual(new Date(2026, 8, 1, 8, 31, 0));
  });
});
