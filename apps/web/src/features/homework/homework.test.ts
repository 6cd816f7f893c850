import { describe, expect, it } from 'vitest';
import { homeworkPath, repulsePath, stuUserListPath } from './paths';
import { checkHomework, fillMessage, type HomeworkFormValues, parseFilter, parseIds, previewKind, scoreProblem } from './utils';

const NOW = 1_800_000_000;

const form = (over: Partial<HomeworkFormValues> = {}): HomeworkFormValues => ({
  title: '实验一：进程调度',
  content: '<p>写一份报告</p>',
  fileids: [],
  type: 1,
  fullscore: '100',
  endtime: NOW + 86_400,
  allowlate: false,
  groupsetid: 0,
  dupcheck: false,
  dupceiling: '40',
  dupcoursewide: false,
  reviewers: '3',
  anonymous: true,
  mincomment: '0',
  scoremode: 1,
  answertype: 1,
  classmateswork: true,
  publish: 1,
  publish_time: 0,
  ...over,
});

const errorsOf = (values: HomeworkFormValues, opts: Parameters<typeof checkHomework>[2] = { now: NOW }) => {
  const result = checkHomework(7, values, opts);
  return result.ok ? {} : result.errors;
};

describe('the homework form checks what the server checks (spec 2 §5)', () => {
  it('takes a complete personal homework as the server body', () => {
    const result = checkHomework(7, form(), { now: NOW });
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.body).toMatchObject({ courseid: 7, title: '实验一：进程调度', fullscore: 100, type: 1, publish: 1 });
  });

  it('asks for a title and a deadline', () => {
    expect(errorsOf(form({ title: '  ', endtime: 0 }))).toEqual({
      title: 'validation.contentTitleRequired',
      endtime: 'validation.deadlineRequired',
    });
  });

  it('refuses a deadline in the past and one not after a scheduled publish time', () => {
    expect(errorsOf(form({ endtime: NOW - 60 })).endtime).toBe('validation.timePast');
    expect(errorsOf(form({ publish: 2, publish_time: NOW + 7200, endtime: NOW + 3600 })).endtime).toBe(
      'validation.endBeforePublish',
    );
    expect(errorsOf(form({ publish: 2, publish_time: NOW - 10 })).publish_time).toBe('validation.timePast');
  });

  it('keeps an edited homework whose deadline did not change, even once it has passed', () => {
    const past = NOW - 3600;
    expect(checkHomework(7, form({ endtime: past }), { now: NOW, editing: true, keptDeadline: past }).ok).toBe(true);
    expect(errorsOf(form({ endtime: past - 60 }), { now: NOW, editing: true, keptDeadline: past }).endtime).toBe(
      'validation.timePast',
    );
  });

  it('takes a full score of 1 to 100 in whole numbers only', () => {
    for (const bad of ['0', '101', '', '85.5', 'abc'])
      expect(errorsOf(form({ fullscore: bad })).fullscore).toBe('validation.fullScore');
    expect(errorsOf(form({ fullscore: '1' })).fullscore).toBeUndefined();
  });

  it('needs a grouping for group homework', () => {
    expect(errorsOf(form({ type: 2 })).groupsetid).toBe('validation.groupSetRequired');
    expect(errorsOf(form({ type: 2, groupsetid: 4 })).groupsetid).toBeUndefined();
  });

  it('checks the peer review settings only for peer review', () => {
    expect(errorsOf(form({ type: 3, reviewers: '11' })).reviewers).toBe('validation.reviewers');
    expect(errorsOf(form({ type: 3, mincomment: '501' })).mincomment).toBe('validation.minComment');
    expect(errorsOf(form({ type: 1, reviewers: '11', mincomment: '' }))).toEqual({});
  });

  it('checks the similarity ceiling only with duplicate checking on', () => {
    expect(errorsOf(form({ dupcheck: true, dupceiling: '0' })).dupceiling).toBe('validation.percent');
    expect(errorsOf(form({ dupcheck: false, dupceiling: '0' }))).toEqual({});
  });
});

describe('a grade (spec 2 §5: required, at most the full score and at most 100)', () => {
  it('is required', () => {
    expect(scoreProblem('', 100)).toEqual({ key: 'validation.gradeRequired' });
    expect(scoreProblem('abc', 100)).toEqual({ key: 'validation.gradeRequired' });
  });

  it('may not pass the full score', () => {
    expect(scoreProblem('61', 60)).toEqual({ key: 'validation.gradeOverFull', values: { full: 60 } });
    expect(scoreProblem('60', 60)).toBeNull();
    expect(scoreProblem('92.5', 100)).toBeNull();
  });

  it('fills the shared message as the server does', () => {
    expect(fillMessage('分数不能超过满分 {full} 分', { full: 60 })).toBe('分数不能超过满分 60 分');
  });
});

describe('a submitted file opens in the page where the browser can show it', () => {
  it('shows pictures, PDF, text, video and audio', () => {
    expect(previewKind({ mime: 'image/png', name: 'a.png' })).toBe('image');
    expect(previewKind({ mime: 'application/pdf', name: 'a.pdf' })).toBe('pdf');
    expect(previewKind({ mime: 'text/plain; charset=utf-8', name: 'a.txt' })).toBe('text');
    expect(previewKind({ mime: 'text/markdown; charset=utf-8', name: 'a.md' })).toBe('text');
    expect(previewKind({ mime: 'video/mp4', name: 'a.mp4' })).toBe('video');
    expect(previewKind({ mime: 'audio/mpeg', name: 'a.mp3' })).toBe('audio');
  });

  it('has no viewer for office documents and archives', () => {
    expect(previewKind({ mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', name: 'a.docx' })).toBe(
      'none',
    );
    expect(previewKind({ mime: 'application/zip', name: 'a.zip' })).toBe('none');
    // markup is served as a download and never shown
    expect(previewKind({ mime: 'application/octet-stream', name: 'a.html' })).toBe('none');
  });
});

describe('addresses', () => {
  it('reads the filter and the chosen submissions from the address', () => {
    expect(parseFilter('5')).toBe(5);
    expect(parseFilter('9')).toBe(0);
    expect(parseFilter(null)).toBe(0);
    expect(parseIds('3,5,x,5,-1,8')).toEqual([3, 5, 8]);
    expect(parseIds(null)).toEqual([]);
  });

  it('builds the homework addresses of the route table', () => {
    expect(homeworkPath(3, 0, 9)).toBe('/homework?courseId=3&courseRole=0&id=9');
    expect(stuUserListPath(3, 9, 2)).toBe('/homework/stuUserList?courseId=3&courseRole=1&id=9&filter=2');
    expect(repulsePath(3, 9, [4, 5])).toBe('/homework/repulse?courseId=3&courseRole=1&id=9&sids=4,5');
  });
});
