import {
  commentAddInput,
  commentDeleteInput,
  commentLikeInput,
  commentPageInput,
  contentEditInput,
  contentInput,
  contentListInput,
  contentQueryInput,
  contentRef,
  courseIdInput,
  directoryChangeInput,
  directoryInput,
  directoryRef,
  directoryRenameInput,
  downloadInput,
  endTimeInput,
  folderInput,
  moveToFolderInput,
  noticeRef,
  publishInput,
  renameInput,
  todoIndexInput,
  todoListInput,
  todoMarkInput,
  topicSettingInput,
} from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  app.post('/FutureV2/CourseMeans/getCourseContent', { schema: { tags, body: contentListInput } }, (req) =>
    content.getCourseContent(ctx, caller(req), req.body),
  );
  app.post('/FutureV2/CourseMeans/getContentDetail', { schema: { tags, body: contentRef } }, (req) =>
    content.getContentDetail(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post('/FutureV2/CourseMeans/getStudyProgress', { schema: { tags, body: contentRef } }, (req) =>
    content.getStudyProgress(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post('/FutureV2/CourseMeans/addContent', { schema: { tags, body: contentInput }, config: writeLimit }, (req) =>
    content.addContent(ctx, caller(req), req.body),
  );
  app.post('/FutureV2/CourseMeans/editContent', { schema: { tags, body: contentEditInput }, config: writeLimit }, (req) =>
    content.editContent(ctx, caller(req), req.body),
  );
  app.post('/FutureV2/CourseMeans/addFolder', { schema: { tags, body: folderInput } }, (req) =>
    content.addFolder(ctx, caller(req), req.body.courseid, req.body.contenttype, req.body.title, req.body.dirid),
  );
  app.post('/FutureV2/CourseMeans/rename', { schema: { tags, body: renameInput } }, (req) =>
    content.renameContent(ctx, caller(req), req.body.courseid, req.body.id, req.body.title),
  );
  app.post('/FutureV2/CourseMeans/moveToFolder', { schema: { tags, body: moveToFolderInput } }, (req) =>
    content.moveToFolder(ctx, caller(req), req.body.courseid, req.body.ids, req.body.folderid),
  );
  app.post('/FutureV2/CourseMeans/directoryChange', { schema: { tags, body: directoryChangeInput } }, (req) =>
    content.directoryChange(ctx, caller(req), req.body.courseid, req.body.ids, req.body.dirid),
  );
  app.post('/FutureV2/CourseMeans/deleteContent', { schema: { tags, body: contentRef } }, (req) =>
    content.deleteContent(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post('/FutureV2/CourseMeans/publishContent', { schema: { tags, body: publishInput } }, (req) =>
    content.publishContent(ctx, caller(req), req.body.courseid, req.body.id, req.body.publish_time),
  );
  app.post('/FutureV2/CourseMeans/setEndTime', { schema: { tags, body: endTimeInput } }, (req) =>
    content.setEndTime(ctx, caller(req), req.body.courseid, req.body.id, req.body.endtime),
  );
  app.post('/FutureV2/CourseMeans/setDownload', { schema: { tags, body: downloadInput } }, (req) =>
    content.setDownload(ctx, caller(req), req.body.courseid, req.body.id, req.body.downloadable === 1),
  );

  // materials
  app.post('/FutureV2/Courseware/query', { schema: { tags, body: contentQueryInput } }, (req) =>
    content.queryMaterial(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/FutureV2/Courseware/download',
    { schema: { tags, body: contentRef.extend({ fileid: z.coerce.number().int().positive() }) } },
    (req) => content.downloadFile(ctx, caller(req), req.body.courseid, req.body.id, req.body.fileid),
  );

  // directories
  app.post('/CourseApi/getCourseDirectory', { schema: { tags, body: courseIdInput } }, (req) =>
    directories.listDirectories(ctx, caller(req), req.body.courseid),
  );
  app.post('/CourseApi/addDirectory', { schema: { tags, body: directoryInput } }, (req) =>
    directories.addDirectory(ctx, caller(req), req.body.courseid, req.body.title),
  );
  app.post('/CourseApi/renameDirectory', { schema: { tags, body: directoryRenameInput } }, (req) =>
    directories.renameDirectory(ctx, caller(req), req.body.courseid, req.body.id, req.body.title),
  );
  app.post('/CourseApi/deleteDirectory', { schema: { tags, body: directoryRef } }, (req) =>
    directories.deleteDirectory(ctx, caller(req), req.body.courseid, req.body.id),
  );

  // announcements
  app.post('/NoticeApi/unreadNotices', { schema: { tags } }, (req) => announcements.unreadNotices(ctx, caller(req)));
  app.post('/NoticeApi/readNotice', { schema: { tags, body: noticeRef } }, (req) =>
    announcements.readNotice(ctx, caller(req), req.body.id),
  );
  app.post('/MessageApi/getAgencyMsg', { schema: { tags } }, (req) => announcements.agencySummary(ctx, caller(req)));

  // topics and comments
  app.post('/Futurev2/Topic/getSetting', { schema: { tags, body: courseIdInput } }, (req) =>
    content.getTopicSetting(ctx, caller(req), req.body.courseid),
  );
  app.post('/Futurev2/Topic/updateSetting', { schema: { tags, body: topicSettingInput } }, (req) =>
    content.setTopicSetting(ctx, caller(req), req.body.courseid, req.body.allowstudent === 1),
  );
  app.post('/Futurev2/Comment/getCommentPage', { schema: { tags, body: commentPageInput } }, (req) =>
    comments.getCommentPage(ctx, caller(req), req.body),
  );
  app.post('/Futurev2/Comment/addComment', { schema: { tags, body: commentAddInput }, config: writeLimit }, (req) =>
    comments.addComment(ctx, caller(req), req.body),
  );
  app.post('/Futurev2/Comment/like', { schema: { tags, body: commentLikeInput } }, (req) =>
    comments.likeComment(ctx, caller(req), req.body.id),
  );
  app.post('/Futurev2/Comment/delComment', { schema: { tags, body: commentDeleteInput } }, (req) =>
    comments.deleteComment(ctx, caller(req), req.body.id, req.body.courseid),
  );

  // to-dos
  app.post('/todoApi/getIndexList', { schema: { tags, body: todoIndexInput } }, (req) =>
    todos.getIndexList(ctx, caller(req), req.body.limit),
  );
  app.post('/Futurev2/Todo/getTodoList', { schema: { tags, body: todoListInput } }, (req) =>
    todos.getTodoList(ctx, caller(req), req.body),
  );
  app.post('/Futurev2/Todo/ignoreTodo', { schema: { tags, body: todoMarkInput } }, (req) =>
    todos.markTodo(ctx, caller(req), req.body, 1),
  );
  app.post('/Futurev2/Todo/tagFinishedTodo', { schema: { tags, body: todoMarkInput } }, (req) =>
    todos.markTodo(ctx, caller(req), req.body, 2),
  );
}
