import { CONTENT_TYPES } from './types';

/**
 * Content state normalisation (spec 2 §4), in one place: the raw `status` and `state` the server
 * keeps per content type become the `status` and `state` every list shows. Later content types
 * only need a rule here.
 */
export interface RawContentState {
  contenttype: number;
  /** the item's raw status */
  status: number;
  /** the item's raw state (for the caller, where it differs per student) */
  state: number;
  /** tests: the paper type */
  testpaperType?: number;
}

export interface ContentState {
  status: number;
  state: number;
  /** announcements: whether the caller has read it (state 1) */
  read?: boolean;
}

const T = CONTENT_TYPES;
/** Types whose raw status 0 → 2, 2 → 1 and whose raw state is the student's state. */
const STATUS_REMAPPED = new Set<number>([T.material, T.topic, T.announcement, T.material2, T.moocVideo, T.moocLink]);
/** Types whose state is the server value plus one. */
const STATE_PLUS_ONE = new Set<number>([T.interactiveAnswer, T.homework, T.caseStudy]);
const LIVE_OR_RECORDED = new Set<number>([T.live, T.recorded]);

export function normalizeContentState(raw: RawContentState): ContentState {
  const { contenttype: type } = raw;
  if (LIVE_OR_RECORDED.has(type)) return { status: raw.status, state: 3 };
  if (type === T.meeting) return { status: raw.status, state: raw.status === 2 ? 1 : raw.state };
  if (type === T.test) return { status: raw.status, state: raw.testpaperType ?? raw.state };
  if (STATE_PLUS_ONE.has(type)) return { status: raw.status, state: raw.state + 1 };
  if (STATUS_REMAPPED.has(type)) {
    let status = raw.status === 0 ? 2 : raw.status === 2 ? 1 : raw.status;
    // announcements: status 3 maps to 2, and state 1 means read
    if (type === T.announcement && raw.status === 3) status = 2;
    return type === T.announcement ? { status, state: raw.state, read: raw.state === 1 } : { status, state: raw.state };
  }
  return { status: raw.status, state: raw.state };
}
