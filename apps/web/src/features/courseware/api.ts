import { COURSEWARE_POLL_MS, coursewareCalls, type preStudyListAnswer } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api';
import { retryNetworkOnly } from '../courses/api';

export type PreStudyList = z.output<typeof preStudyListAnswer>;
export type PreStudyItem = PreStudyList['list'][number];

/** The courseware calls of docs/api.md "Courseware", typed. */
export const coursewareApi = {
  list: (courseid: number) => call(coursewareCalls.preStudyList, { courseid }),
  info: (interactid: number) => call(coursewareCalls.getPreStudyInfo, { interactid }),
  allSlides: (interactid: number) => call(coursewareCalls.getAllSlides, { interactid }),
  download: (interactid: number) => call(coursewareCalls.downloadppt, { interactid }),
  learnTime: (interactid: number, time: number, pageindex: number) =>
    call(coursewareCalls.addLearnTime, { interactid, time, pageindex }),
  pageIndex: (interactid: number, pageindex: number) => call(coursewareCalls.studyTaskPageIndex, { interactid, pageindex }),
  finish: (interactid: number) => call(coursewareCalls.finishStudyTask, { interactid }),
  close: (interactid: number) => call(coursewareCalls.closePreStudy, { interactid }),
  doubt: (interactid: number, pageindex: number, state: 0 | 1) =>
    call(coursewareCalls.setDoubtState, { interactid, pageindex, state }),
  comment: (interactid: number, pageindex: number, comment: string, replyid = 0) =>
    call(coursewareCalls.addComment, { interactid, pageindex, comment, replyid }),
  deleteComment: (id: number) => call(coursewareCalls.delComment, { id }),
  stats: (interactid: number) => call(coursewareCalls.getStatinfoV2, { interactid }),
  manageSlides: (interactid: number) => call(coursewareCalls.prestudytaskmanageListSlides, { interactid }),
  doubters: (interactid: number, pageindex: number) => call(coursewareCalls.getDoubtStudentListsV2, { interactid, pageindex }),
  comments: (interactid: number, pageindex = 0) => call(coursewareCalls.getCommentStudentLists, { interactid, pageindex }),
  /** a courseware as a class saw it (decision 025): by courseware, class time, or both */
  review: (target: { interactid?: number; classtimeid?: number; courseid?: number }) =>
    call(coursewareCalls.reviewCourseWare, target),
  usage: (interactid: number) => call(coursewareCalls.getCoursewareUseStatV2, { interactid }),
  byFileType: (courseid: number, filetype = '') => call(coursewareCalls.getListsByFileType, { courseid, filetype }),
};

export const coursewareKeys = {
  list: (courseId: number) => ['courseware', 'list', courseId] as const,
  info: (id: number) => ['courseware', 'info', id] as const,
  manage: (id: number) => ['courseware', 'manage', id] as const,
  stats: (id: number) => ['courseware', 'stats', id] as const,
  comments: (id: number) => ['courseware', 'comments', id] as const,
  doubters: (id: number, page: number) => ['courseware', 'doubters', id, page] as const,
  review: (id: number, classTimeId: number) => ['courseware', 'review', id, classTimeId] as const,
  useStat: (id: number) => ['courseware', 'useStat', id] as const,
};

const converting = (state: string | undefined) => state === 'waiting' || state === 'converting';

/** The course's courseware; asked again every two seconds while one is being converted. */
export function useCoursewareList(courseId: number) {
  return useQuery({
    queryKey: coursewareKeys.list(courseId),
    queryFn: () => coursewareApi.list(courseId),
    retry: retryNetworkOnly,
    refetchInterval: (q) => (q.state.data?.list.some((i) => converting(i.state)) ? COURSEWARE_POLL_MS : false),
  });
}

/** One courseware as its learner sees it; asked again while its slides are being converted. */
export function usePreStudyInfo(id: number) {
  return useQuery({
    queryKey: coursewareKeys.info(id),
    queryFn: () => coursewareApi.info(id),
    retry: retryNetworkOnly,
    refetchInterval: (q) => (converting(q.state.data?.state) ? COURSEWARE_POLL_MS : false),
  });
}

/** The teacher's per-page counts; asked again while converting. */
export function useManageSlides(id: number) {
  return useQuery({
    queryKey: coursewareKeys.manage(id),
    queryFn: () => coursewareApi.manageSlides(id),
    retry: retryNetworkOnly,
    refetchInterval: (q) => (converting(q.state.data?.state) ? COURSEWARE_POLL_MS : false),
  });
}

export function useCoursewareStats(id: number) {
  return useQuery({ queryKey: coursewareKeys.stats(id), queryFn: () => coursewareApi.stats(id), retry: retryNetworkOnly });
}

export function usePageComments(id: number) {
  return useQuery({ queryKey: coursewareKeys.comments(id), queryFn: () => coursewareApi.comments(id), retry: retryNetworkOnly });
}

/** A courseware's review of one class (either may be 0: the latest class, or the first courseware shown). */
export function useCoursewareReview(id: number, classTimeId: number, courseId: number) {
  return useQuery({
    queryKey: coursewareKeys.review(id, classTimeId),
    queryFn: () =>
      coursewareApi.review({
        interactid: id || undefined,
        classtimeid: classTimeId || undefined,
        courseid: courseId || undefined,
      }),
    retry: retryNetworkOnly,
  });
}

/** The teacher's use statistics of a courseware. */
export function useCoursewareUseStat(id: number) {
  return useQuery({ queryKey: coursewareKeys.useStat(id), queryFn: () => coursewareApi.usage(id), retry: retryNetworkOnly });
}
