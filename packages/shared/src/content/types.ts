/** Course content types (spec 2 §3). */
export const CONTENT_TYPES = {
  courseware: 1,
  material: 2,
  interactiveAnswer: 3,
  homework: 4,
  topic: 5,
  test: 6,
  announcement: 7,
  material2: 8,
  moocVideo: 9,
  moocLink: 10,
  live: 20,
  recorded: 21,
  meeting: 22,
  caseStudy: 25,
} as const;
export type ContentType = (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES];

const T = CONTENT_TYPES;

/** The materials family: one list, one viewer, one kind of folder (spec 2 §3: types 2, 8, 9, 10). */
export const MATERIAL_FAMILY: readonly number[] = [T.material, T.material2, T.moocVideo, T.moocLink];
/** Types 2, 8, 9, 10 and 20/21 share material-like fields (spec 2 §3). */
export const MATERIAL_LIKE: readonly number[] = [...MATERIAL_FAMILY, T.live, T.recorded];

/** The publish state of course content (spec 2 §4): a draft, scheduled, published, ended. */
export const PUBLISH_STATES = { draft: 0, scheduled: 1, published: 2, ended: 3 } as const;
export type PublishStateCode = (typeof PUBLISH_STATES)[keyof typeof PUBLISH_STATES];
/** item_type 2 or 3 is a folder with children, 10 a page (spec 2 §3). */
export const FOLDER_ITEM_TYPES: readonly number[] = [2, 3];
export const FOLDER_PAGE_SIZE = 10; // spec 2 §9
