import {
  agencyAnswer,
  attachmentAnswer,
  catalogueItemAnswer,
  commentAddInput,
  commentAnswer,
  commentDeleteInput,
  commentLikeAnswer,
  commentLikeInput,
  commentPageAnswer,
  commentPageInput,
  contentCountAnswer,
  contentDetailAnswer,
  contentEditInput,
  contentInput,
  contentItemAnswer,
  contentListInput,
  contentPageAnswer,
  contentQueryInput,
  contentRef,
  contentRenameAnswer,
  courseIdInput,
  directoryAnswer,
  directoryChangeInput,
  directoryDeleteAnswer,
  directoryInput,
  directoryListAnswer,
  directoryRef,
  directoryRenameInput,
  downloadInput,
  downloadSettingAnswer,
  endTimeInput,
  folderInput,
  materialFilesAnswer,
  moveToFolderInput,
  noticeReadAnswer,
  noticeRef,
  publishInput,
  renameInput,
  studyProgressAnswer,
  todoIndexAnswer,
  todoIndexInput,
  todoListInput,
  todoMarkAnswer,
  todoMarkInput,
  todoPageAnswer,
  topicSettingAnswer,
  topicSettingInput,
  unreadNoticesAnswer,
  wireId,
} from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import * as announcements from './announcements.service';
import * as comments from './comments.service';
import * as content from './content.service';
import * as directories from './directories.service';
import * as todos from './todos.service';

/** Course content calls: the catalogue, materials, notices, topics with comments, directories and to-dos. */
export async function contentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['content'];
  const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  // the catalogue
  app.post(
    '/FutureV2/CourseMeans/getCourseContent',
    { schema: { tags, body: contentListInput, response: { 200: contentPageAnswer } } },
    (req) => content.getCourseContent(ctx, caller(req), req.body),
  );
  app.post(
    '/FutureV2/CourseMeans/getContentDetail',
    { schema: { tags, body: contentRef, response: { 200: contentDetailAnswer } } },
    (req) => content.getContentDetail(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/FutureV2/CourseMeans/getStudyProgress',
    { schema: { tags, body: contentRef, response: { 200: studyProgressAnswer } } },
    (req) => content.getStudyProgress(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/FutureV2/CourseMeans/addContent',
    { schema: { tags, body: contentInput, response: { 200: contentItemAnswer } }, config: writeLimit },
    (req) => content.addContent(ctx, caller(req), req.body),
  );
  app.post(
    '/FutureV2/CourseMeans/editContent',
    { schema: { tags, body: contentEditInput, response: { 200: contentItemAnswer } }, config: writeLimit },
    (req) => content.editContent(ctx, caller(req), req.body),
  );
  app.post(
    '/FutureV2/CourseMeans/addFolder',
    { schema: { tags, body: folderInput, response: { 200: catalogueItemAnswer } } },
    (req) => content.addFolder(ctx, caller(req), req.body.courseid, req.body.contenttype, req.body.title, req.body.dirid),
  );
  app.post(
    '/FutureV2/CourseMeans/rename',
    { schema: { tags, body: renameInput, response: { 200: contentRenameAnswer } } },
    (req) => content.renameContent(ctx, caller(req), req.body.courseid, req.body.id, req.body.title),
  );
  app.post(
    '/FutureV2/CourseMeans/moveToFolder',
    { schema: { tags, body: moveToFolderInput, response: { 200: contentCountAnswer } } },
    (req) => content.moveToFolder(ctx, caller(req), req.body.courseid, req.body.ids, req.body.folderid),
  );
  app.post(
    '/FutureV2/CourseMeans/directoryChange',
    { schema: { tags, body: directoryChangeInput, response: { 200: contentCountAnswer } } },
    (req) => content.directoryChange(ctx, caller(req), req.body.courseid, req.body.ids, req.body.dirid),
  );
  app.post(
    '/FutureV2/CourseMeans/deleteContent',
    { schema: { tags, body: contentRef, response: { 200: contentCountAnswer } } },
    (req) => content.deleteContent(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/FutureV2/CourseMeans/publishContent',
    { schema: { tags, body: publishInput, response: { 200: contentItemAnswer } } },
    (req) => content.publishContent(ctx, caller(req), req.body.courseid, req.body.id, req.body.publish_time),
  );
  app.post(
    '/FutureV2/CourseMeans/setEndTime',
    { schema: { tags, body: endTimeInput, response: { 200: contentItemAnswer } } },
    (req) => content.setEndTime(ctx, caller(req), req.body.courseid, req.body.id, req.body.endtime),
  );
  app.post(
    '/FutureV2/CourseMeans/setDownload',
    { schema: { tags, body: downloadInput, response: { 200: downloadSettingAnswer } } },
    (req) => content.setDownload(ctx, caller(req), req.body.courseid, req.body.id, req.body.downloadable === 1),
  );

  // materials
  app.post(
    '/FutureV2/Courseware/query',
    { schema: { tags, body: contentQueryInput, response: { 200: materialFilesAnswer } } },
    (req) => content.queryMaterial(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/FutureV2/Courseware/download',
    {
      schema: {
        tags,
        body: contentRef.extend({ fileid: wireId() }),
        response: { 200: attachmentAnswer },
      },
    },
    (req) => content.downloadFile(ctx, caller(req), req.body.courseid, req.body.id, req.body.fileid),
  );

  // directories
  app.post(
    '/CourseApi/getCourseDirectory',
    { schema: { tags, body: courseIdInput, response: { 200: directoryListAnswer } } },
    (req) => directories.listDirectories(ctx, caller(req), req.body.courseid),
  );
  app.post('/CourseApi/addDirectory', { schema: { tags, body: directoryInput, response: { 200: directoryAnswer } } }, (req) =>
    directories.addDirectory(ctx, caller(req), req.body.courseid, req.body.title),
  );
  app.post(
    '/CourseApi/renameDirectory',
    { schema: { tags, body: directoryRenameInput, response: { 200: contentRenameAnswer } } },
    (req) => directories.renameDirectory(ctx, caller(req), req.body.courseid, req.body.id, req.body.title),
  );
  app.post(
    '/CourseApi/deleteDirectory',
    { schema: { tags, body: directoryRef, response: { 200: directoryDeleteAnswer } } },
    (req) => directories.deleteDirectory(ctx, caller(req), req.body.courseid, req.body.id),
  );

  // announcements
  app.post('/NoticeApi/unreadNotices', { schema: { tags, response: { 200: unreadNoticesAnswer } } }, (req) =>
    announcements.unreadNotices(ctx, caller(req)),
  );
  app.post('/NoticeApi/readNotice', { schema: { tags, body: noticeRef, response: { 200: noticeReadAnswer } } }, (req) =>
    announcements.readNotice(ctx, caller(req), req.body.id),
  );
  app.post('/MessageApi/getAgencyMsg', { schema: { tags, response: { 200: agencyAnswer } } }, (req) =>
    announcements.agencySummary(ctx, caller(req)),
  );

  // topics and comments
  app.post(
    '/Futurev2/Topic/getSetting',
    { schema: { tags, body: courseIdInput, response: { 200: topicSettingAnswer } } },
    (req) => content.getTopicSetting(ctx, caller(req), req.body.courseid),
  );
  app.post(
    '/Futurev2/Topic/updateSetting',
    { schema: { tags, body: topicSettingInput, response: { 200: topicSettingAnswer } } },
    (req) => content.setTopicSetting(ctx, caller(req), req.body.courseid, req.body.allowstudent === 1),
  );
  app.post(
    '/Futurev2/Comment/getCommentPage',
    { schema: { tags, body: commentPageInput, response: { 200: commentPageAnswer } } },
    (req) => comments.getCommentPage(ctx, caller(req), req.body),
  );
  app.post(
    '/Futurev2/Comment/addComment',
    { schema: { tags, body: commentAddInput, response: { 200: commentAnswer } }, config: writeLimit },
    (req) => comments.addComment(ctx, caller(req), req.body),
  );
  app.post('/Futurev2/Comment/like', { schema: { tags, body: commentLikeInput, response: { 200: commentLikeAnswer } } }, (req) =>
    comments.likeComment(ctx, caller(req), req.body.id),
  );
  app.post(
    '/Futurev2/Comment/delComment',
    { schema: { tags, body: commentDeleteInput, response: { 200: contentCountAnswer } } },
    (req) => comments.deleteComment(ctx, caller(req), req.body.id, req.body.courseid),
  );

  // to-dos
  app.post('/todoApi/getIndexList', { schema: { tags, body: todoIndexInput, response: { 200: todoIndexAnswer } } }, (req) =>
    todos.getIndexList(ctx, caller(req), req.body.limit),
  );
  app.post('/Futurev2/Todo/getTodoList', { schema: { tags, body: todoListInput, response: { 200: todoPageAnswer } } }, (req) =>
    todos.getTodoList(ctx, caller(req), req.body),
  );
  app.post('/Futurev2/Todo/ignoreTodo', { schema: { tags, body: todoMarkInput, response: { 200: todoMarkAnswer } } }, (req) =>
    todos.markTodo(ctx, caller(req), req.body, 1),
  );
  app.post(
    '/Futurev2/Todo/tagFinishedTodo',
    { schema: { tags, body: todoMarkInput, response: { 200: todoMarkAnswer } } },
    (req) => todos.markTodo(ctx, caller(req), req.body, 2),
  );
}
