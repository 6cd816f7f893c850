/**
 * Which of a recording's bullet comments fly at a tick of its picture: those whose moment (`at`, seconds
 * into the recording) the picture has played through since the tick before. `previous` is the position at
 * that tick, -1 before the first, so that a recording played from its start flies a comment at 0 too.
 * After a seek (the viewer's own, `seeked`) or a jump back, only what plays from the new place flies: the
 * comments skipped over stay quiet. Ticks far apart are not a seek: a busy phone, whose page could not run
 * for seconds, still flies every comment the picture passed meanwhile.
 */
export function dueComments<T extends { at: number }>(list: readonly T[], previous: number, now: number, seeked: boolean): T[] {
  const from = seeked || now < previous ? now - 0.01 : previous;
  return list.filter((c) => c.at > from && c.at <= now);
}
