/** Courseware on the classroom screen during a class (issue 15, spec 2 §7 InteractWithScreen and the remote controller). Values ours. */

/** Refusal codes of presenting (31101-31109). */
export const PRESENTING_CODES = {
  notInClass: 31101, // no class is in progress in the course: begin the class first
  notPresenting: 31102, // nothing is on the classroom screen
  pageAhead: 31103, // a student asked for a slide past the pages the screen has shown, paging ahead off (decision 029)
} as const;

/** the socket event every phone of the course gets when the screen's page changes (spec 2 §7 remote controller: received) */
export const PPT_PAGE_EVENT = 'interactPptPage';
/** the socket event of the screen showing no courseware any more */
export const PPT_STOP_EVENT = 'InteractPPT.stop';
/** the socket event of the teacher switching students' paging ahead on or off (decision 029) */
export const PPT_PAGING_EVENT = 'InteractPPT.paging';
/** the remote controller's socket commands (spec 2 §7) */
export const REMOTE_COMMANDS = { goto: 'goto_page', next: 'ppt_next', previous: 'ppt_pre' } as const;
// spec 2 §9's "remote controller connection notice: 2 seconds" is not a constant here: the notice shows
// until the remote's socket is in the course's rooms, and no longer (issue 25, decision 022)
