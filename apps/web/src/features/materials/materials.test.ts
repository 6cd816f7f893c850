import { describe, expect, it } from 'vitest';
import { dataIndexPath, itemPath } from './paths';
import type { ContentItem } from './types';
import { fileKind, formatSize, fromLocalInput, menuKeys, sameFamily, statsKind, toLocalInput } from './utils';

const item = (extra: Partial<ContentItem> = {}) =>
  ({
    id: 7,
    contenttype: 2,
    item_type: 1,
    title: 't',
    publishState: 2,
    folder: null,
    directory: null,
    attachment: [],
    ...extra,
  }) as ContentItem;

describe('materials list helpers', () => {
  it('reads sizes as people do', () => {
    expect(formatSize(900)).toBe('900 B');
    expect(formatSize(40_000)).toBe('39.1 KB');
    expect(formatSize(12 * 1024 * 1024)).toBe('12.0 MB');
  });

  it('turns a datetime-local value into epoch seconds and back, in local time', () => {
    const seconds = fromLocalInput('2030-09-01T08:30');
    expect(new Date(seconds * 1000).getHours()).toBe(8);
    expect(toLocalInput(seconds)).toBe('2030-09-01T08:30');
    expect(fromLocalInput('')).toBe(0);
    expect(fromLocalInput('not a date')).toBe(0);
    expect(toLocalInput(0)).toBe('');
  });

  it('offers only the folders the server takes an item into: its own kind, 2 and 8 alike', () => {
    expect(sameFamily(2, 8)).toBe(true);
    expect(sameFamily(8, 2)).toBe(true);
    expect(sameFamily(2, 7)).toBe(false);
    expect(sameFamily(7, 7)).toBe(true);
    // the server files a MOOC video or a link in a folder of its own type only (see the report)
    expect(sameFamily(2, 9)).toBe(false);
    expect(sameFamily(10, 10)).toBe(true);
  });

  it('counts materials learned, announcements read and topics joined', () => {
    expect(statsKind(2)).toBe('learn');
    expect(statsKind(7)).toBe('read');
    expect(statsKind(5)).toBe('join');
  });

  it('counts nothing "learned" for homework: opening a homework is not handing it in', () => {
    expect(statsKind(4)).toBeNull();
    expect(menuKeys(item({ contenttype: 4 }))).not.toContain('statistics');
  });

  it('tells a file by its type or name', () => {
    expect(fileKind({ mime: 'video/mp4', name: 'a.bin' })).toBe('video');
    expect(fileKind({ mime: 'application/octet-stream', name: 'slides.PPTX' })).toBe('slides');
    expect(fileKind({ name: 'notes.pdf' })).toBe('pdf');
  });
});

describe('where a catalogue item opens (spec 2 §2)', () => {
  it('opens materials in the materials page, announcements and topics in their own', () => {
    expect(itemPath({ id: 5, contenttype: 9 }, 3, 0)).toBe('/dataIndex?type=2&courseId=3&courseRole=0&id=5');
    expect(itemPath({ id: 5, contenttype: 7 }, 3, 1)).toBe('/noticeDetail?id=5&courseId=3&courseRole=1');
    expect(itemPath({ id: 5, contenttype: 5 }, 3, 0)).toBe('/topicDetail?id=5&courseId=3&courseRole=0');
    expect(itemPath({ id: 5, contenttype: 4 }, 3, 0)).toBe('/homework?id=5&courseId=3&courseRole=0');
    // issue 25: every built type opens from the catalogue
    expect(itemPath({ id: 5, contenttype: 6 }, 3, 0)).toBe('/testing/stu/detail?courseId=3&courseRole=0&testpaperid=5');
    expect(itemPath({ id: 5, contenttype: 6 }, 3, 1)).toBe('/testing/settings?courseId=3&courseRole=1&id=5');
    expect(itemPath({ id: 5, contenttype: 3 }, 3, 0)).toBe('/InteractiveAnswers/detail?courseId=3&courseRole=0&id=5');
    expect(itemPath({ id: 5, contenttype: 3 }, 3, 1)).toBe('/InteractiveAnswers/detailTeacher?courseId=3&courseRole=1&id=5');
    // a meeting opens from its own list, not the catalogue; a live opens its room
    expect(itemPath({ id: 5, contenttype: 22 }, 3, 0)).toBeNull();
    expect(itemPath({ id: 5, contenttype: 20 }, 3, 0)).toBe('/onlineLive?courseId=3&courseRole=0&id=5');
    expect(itemPath({ id: 5, contenttype: 1 }, 3, 1)).toBe('/courseware/detail?courseId=3&courseRole=1&id=5');
    expect(dataIndexPath(3, 1)).toBe('/dataIndex?type=2&courseId=3&courseRole=1');
  });
});

describe("a teacher's item menu", () => {
  it('offers the download switch for files only, and directories only at the top level', () => {
    expect(menuKeys(item())).toEqual([
      'rename',
      'moveToFolder',
      'moveToDirectory',
      'download',
      'endTime',
      'statistics',
      'delete',
    ]);
    expect(menuKeys(item({ contenttype: 10 }))).not.toContain('download');
    expect(menuKeys(item({ folder: { id: 1, title: 'f' } }))).toEqual([
      'rename',
      'moveOutOfFolder',
      'download',
      'endTime',
      'statistics',
      'delete',
    ]);
    expect(menuKeys(item({ item_type: 2 }))).toEqual(['rename', 'moveToDirectory', 'delete']);
  });

  it('offers publishing for drafts and scheduled items', () => {
    expect(menuKeys(item({ publishState: 0 }))).toContain('publish');
    expect(menuKeys(item({ publishState: 1 }))).toContain('publish');
    expect(menuKeys(item({ publishState: 3 }))).not.toContain('publish');
  });
});
