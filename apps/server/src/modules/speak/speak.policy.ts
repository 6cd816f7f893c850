import type { CourseRole } from '../courses/courses.policy';

/**
 * Who may do what with speaking, questions and the timer (decision 024). Every call first needs a
 * membership of the course (`authorize(…, 'view')`: strangers 30202); these rules come after it.
 */

/** The teacher and assistants run the class: they mute, start the timer, read every letter and question, reply. */
export const canModerate = (role: CourseRole) => role === 'owner' || role === 'assistant';

/** Only students send letters and ask questions: the staff speak to the class themselves. */
export const canSpeak = (role: CourseRole) => role === 'student';

/**
 * Whether a student may not speak now: their own row decides when there is one (muted, or let speak
 * while everyone is muted); otherwise the class's "everyone muted".
 */
export const isMuted = (allMuted: boolean, own: boolean | undefined) => (own === undefined ? allMuted : own);

/** The refusal for a muted student: their own mute, or everyone's. */
export const mutedRefusal = (allMuted: boolean, own: boolean | undefined) =>
  !isMuted(allMuted, own) ? undefined : own === true ? ('speakMuted' as const) : ('speakAllMuted' as const);

/**
 * Whether a viewer sees who asked a question: always their own; an anonymous question's asker is hidden
 * from everyone else, the teacher included (a student asks anonymously to be unknown to all).
 */
export const seesAsker = (anonymous: boolean, askerId: number, viewerId: number) => !anonymous || askerId === viewerId;
