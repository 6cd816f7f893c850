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

/** Refusal codes of the courseware calls (31001-31009). */
export const COURSEWARE_CODES = {
  slidesNotReady: 31001, // the slides are still being converted (or failed): there are no pages to learn yet
} as const;

/** Whether a file name is one a courseware is made from. */
export const isCoursewareName = (name: string) =>
  (COURSEWARE_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');
