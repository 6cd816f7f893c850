import { Dialog, NoticeBar } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { titleWithTestId } from '../../../components/BodyTestId';
import { useNavigate } from '../../../lib/router';
import { askedInTab, STORAGE_KEYS } from '../../../lib/storage';
import { testId } from '../../../lib/testid';
import { useTranslation } from '../../../lib/translations';
import { useOpenAttendances } from '../hooks/useAttendance';
import { useAttendanceEvents } from '../hooks/useLive';
import { paths, stateOf, typeOf } from '../utils';
import '../attendance.css';

/** the attendances asked about in this tab: once each, on whichever course page (decision 029) */
const askedAttendances = askedInTab<string>(STORAGE_KEYS.askedAttendances);

/**
 * A student entering the course is asked about an open attendance they have not checked in to
 * ("check in now?"), once per attendance; one the teacher starts while the course is open is pushed
 * (`KeTangPaiPublishAttendance`) and asked about the same way. A bar stays while any is open. A roll
 * call is not asked about: students do nothing in it. The question is the course-level layer's
 * (ClassEvents, every course page: `show="dialog"`), the bar the course home's (`show="bar"`).
 */
export function OpenAttendancePrompt({ courseId, show }: { courseId: number; show: 'dialog' | 'bar' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenAttendances(courseId);
  const asked = useRef(askedAttendances);
  const dialog = useRef<{ close: () => void } | null>(null);
  // the question goes with the page
  useEffect(() => () => dialog.current?.close(), []);
  useAttendanceEvents(courseId, { onPublish: () => void open.refetch() });

  // a roll call asks nothing of students (the teacher marks them): neither asked about nor in the bar
  // nor a check-in/out whose check-in the student missed: nothing is left to do (issue 25)
  const pending = (open.data ?? []).filter(
    (a) =>
      typeOf(a) !== 0 &&
      !(a.checkinover === 1 && a.attenceCheckinState === 0) &&
      (stateOf(a) === 100 || (a.checkinover === 1 && a.attenceCheckinState === 1)),
  );
  const first = show === 'dialog' ? pending.find((a) => !asked.current.has(a.id)) : undefined;

  useEffect(() => {
    if (!first) return;
    asked.current.add(first.id);
    dialog.current?.close();
    dialog.current = Dialog.show({
      title: titleWithTestId(t('attendance.prompt.title'), 'att-prompt-dialog'),
      content: t('attendance.prompt.text', { title: first.title }),
      closeOnAction: true,
      actions: [
        [
          { key: 'later', text: t('attendance.prompt.later'), ...testId('att-prompt-later') },
          {
            key: 'go',
            text: t('attendance.prompt.go'),
            bold: true,
            onClick: () => navigate(paths.studentIndex(courseId)),
            ...testId('att-prompt-go'),
          },
        ],
      ],
    });
  }, [first, courseId, navigate, t]);

  if (show !== 'bar' || pending.length === 0) return null;
  return (
    <button
      type="button"
      className="att-open-bar"
      onClick={() => navigate(paths.studentIndex(courseId))}
      data-testid="att-open-bar"
    >
      <NoticeBar color="alert" content={t('attendance.prompt.bar', { count: pending.length })} />
    </button>
  );
}
