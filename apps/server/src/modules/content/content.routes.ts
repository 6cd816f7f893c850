import { contentCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { handle } from '../../platform/handle';
import * as announcements from './announcements.service';
import * as comments from './comments.service';
import * as content from './content.service';
import * as directories from './directories.service';
import * as todos from './todos.service';

/** Course content calls: the catalogue, materials, notices, topics with comments, directories and to-dos. */
export async function contentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  // the catalogue
  handle(app, contentCalls.getCourseContent, (req) => content.getCourseContent(ctx, caller(req), req.body));
  handle(app, contentCalls.getContentDetail, (req) => content.getContentDetail(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, contentCalls.getStudyProgress, (req) => content.getStudyProgress(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, contentCalls.addContent, (req) => content.addContent(ctx, caller(req), req.body));
  handle(app, contentCalls.editContent, (req) => content.editContent(ctx, caller(req), req.body));
  handle(app, contentCalls.addFolder, (req) =>
    content.addFolder(ctx, caller(req), req.body.courseid, req.body.contenttype, req.body.title, req.body.dirid),
  );
  handle(app, contentCalls.rename, (req) =>
    content.renameContent(ctx, caller(req), req.body.courseid, req.body.id, req.body.title),
  );
  handle(app, contentCalls.moveToFolder, (req) =>
    content.moveToFolder(ctx, caller(req), req.body.courseid, req.body.ids, req.body.folderid),
  );
  handle(app, contentCalls.directoryChange, (req) =>
    content.directoryChange(ctx, caller(req), req.body.courseid, req.body.ids, req.body.dirid),
  );
  handle(app, contentCalls.deleteContent, (req) => content.deleteContent(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, contentCalls.publishContent, (req) =>
    content.publishContent(ctx, caller(req), req.body.courseid, req.body.id, req.body.publish_time),
  );
  handle(app, contentCalls.setEndTime, (req) =>
    content.setEndTime(ctx, caller(req), req.body.courseid, req.body.id, req.body.endtime),
  );
  handle(app, contentCalls.setDownload, (req) =>
    content.setDownload(ctx, caller(req), req.body.courseid, req.body.id, req.body.downloadable === 1),
  );

  // materials
  handle(app, contentCalls.query, (req) => content.queryMaterial(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, contentCalls.download, (req) =>
    content.downloadFile(ctx, caller(req), req.body.courseid, req.body.id, req.body.fileid),
  );

  // directories
  handle(app, contentCalls.getCourseDirectory, (req) => directories.listDirectories(ctx, caller(req), req.body.courseid));
  handle(app, contentCalls.addDirectory, (req) => directories.addDirectory(ctx, caller(req), req.body.courseid, req.body.title));
  handle(app, contentCalls.renameDirectory, (req) =>
    directories.renameDirectory(ctx, caller(req), req.body.courseid, req.body.id, req.body.title),
  );
  handle(app, contentCalls.deleteDirectory, (req) =>
    directories.deleteDirectory(ctx, caller(req), req.body.courseid, req.body.id),
  );

  // announcements
  handle(app, contentCalls.unreadNotices, (req) => announcements.unreadNotices(ctx, caller(req)));
  handle(app, contentCalls.readNotice, (req) => announcements.readNotice(ctx, caller(req), req.body.id));
  handle(app, contentCalls.getAgencyMsg, (req) => announcements.agencySummary(ctx, caller(req)));

  // topics and comments
  handle(app, contentCalls.getSetting, (req) => content.getTopicSetting(ctx, caller(req), req.body.courseid));
  handle(app, contentCalls.updateSetting, (req) =>
    content.setTopicSetting(ctx, caller(req), req.body.courseid, req.body.allowstudent === 1),
  );
  handle(app, contentCalls.getCommentPage, (req) => comments.getCommentPage(ctx, caller(req), req.body));
  handle(app, contentCalls.addComment, (req) => comments.addComment(ctx, caller(req), req.body));
  handle(app, contentCalls.like, (req) => comments.likeComment(ctx, caller(req), req.body.id));
  handle(app, contentCalls.delComment, (req) => comments.deleteComment(ctx, caller(req), req.body.id, req.body.courseid));

  // to-dos
  handle(app, contentCalls.getIndexList, (req) => todos.getIndexList(ctx, caller(req), req.body.limit));
  handle(app, contentCalls.getTodoList, (req) => todos.getTodoList(ctx, caller(req), req.body));
  handle(app, contentCalls.ignoreTodo, (req) => todos.markTodo(ctx, caller(req), req.body, 1));
  handle(app, contentCalls.tagFinishedTodo, (req) => todos.markTodo(ctx, caller(req), req.body, 2));
}
