import { AppstoreOutline, RightOutline } from 'antd-mobile-icons';
import { confirmDialog } from '../../../components/dialogs';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { DEMO_PATH, useDemoCourses } from '../hooks/useDemoCourses';
import '../courseDemo.css';

/**
 * "Create from a demo course" on the course form (spec 1 §6): shown only to teachers who may create
 * from a demo and when there is one. Render it for teachers only: the list refuses students.
 * With typed input it asks first, as the back arrow does.
 */
export function DemoEntry({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const demos = useDemoCourses(true);
  if (demos.data?.allowed !== 1 || demos.data.list.length === 0) return null;

  const open = async () => {
    if (dirty) {
      const leave = await confirmDialog({
        title: t('courses.leave.title'),
        content: t('courses.leave.text'),
        confirmText: t('courses.leave.confirm'),
        cancelText: t('courses.leave.stay'),
        danger: true,
        testid: 'leave-ask',
      }).result;
      if (!leave) return;
    }
    navigate(DEMO_PATH);
  };

  return (
    <button type="button" className="demo-entry" onClick={() => void open()} data-testid="course-from-demo">
      <span className="demo-entry-icon" aria-hidden>
        <AppstoreOutline />
      </span>
      <span className="demo-entry-text">
        <span className="demo-entry-title">{t('courses.demo.entry')}</span>
        <span className="demo-entry-sub">{t('courses.demo.entryText')}</span>
      </span>
      <RightOutline className="demo-entry-arrow" />
    </button>
  );
}
