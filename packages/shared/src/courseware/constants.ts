/** Courseware (content type 1, spec 2 §3, §7 InteractPPT and PrestudyTask; issue 15). Values ours. */

/** the document kinds a courseware is made from */
export const COURSEWARE_EXTENSIONS = ['ppt', 'pptx', 'pdf'] as const;
/** a page comment's length */
export const COURSEWARE_COMMENT_MAX = 500;
/** the most learning time one `addLearnTime` report may add, in seconds (clients report every 15 s) */
export const LEARN_TIME_STEP_MAX = 120;
/** the comments one courseware answers at most (the newest) */
export const COURSEWARE_COMMENTS_SHOWN = 500;
/** how often a page polls the conversion while it runs, in milliseconds */
export const COURSEWARE_POLL_MS = 2000;

/** the socket event the course's staff get when a page's "don't understand" count changes */
export const COURSEWARE_DOUBT_EVENT = 'Courseware.doubt';

/**
 * the socket event the course's staff get when a member comments on a page of the courseware on the
 * classroom screen (decision 025): the page's comment count and the newest comment
 */
export const COURSEWARE_COMMENT_EVENT = 'Courseware.comment';
/** the file types `getListsByFileType` groups the course's courseware by (ppt takes pptx too) */
export const COURSEWARE_FILE_KINDS = ['ppt', 'pdf'] as const;
/** the classes a courseware's review and statistics list at most (the newest) */
export const COURSEWARE_CLASSES_SHOWN = 100;

/** Refusal codes of the courseware calls (31001-31009). */
export const COURSEWARE_CODES = {
  slidesNotReady: 31001, // the slides are still being converted (or failed): there are no pages to learn yet
  notShownInClass: 31002, // the courseware was not shown on the classroom screen in that class
} as const;

/** Whether a file name is one a courseware is made from. */
export const isCoursewareName = (name: string) =>
  (COURSEWARE_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');
