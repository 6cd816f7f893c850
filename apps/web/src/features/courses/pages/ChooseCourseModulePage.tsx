import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import {
  AppstoreOutline,
  CompassOutline,
  EnvironmentOutline,
  ExclamationCircleOutline,
  TeamOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { courseKeys, coursesApi } from '../api';
import { LoadFailed } from '../components/NoPermission';
import { useCourseParam } from '../hooks/useCourseParam';
import { courseHomePath } from '../utils';

/** Template types 1-6 (spec 1 §3): hybrid, offline, online, lab, social practice, other. */
const TEMPLATES: { type: number; icon: ReactNode; tone: string }[] = [
  { type: 1, icon: <AppstoreOutline />, tone: 'is-blue' },
  { type: 2, icon: <TeamOutline />, tone: 'is-green' },
  { type: 3, icon: <VideoOutline />, tone: 'is-purple' },
  { type: 4, icon: <ExclamationCircleOutline />, tone: 'is-orange' },
  { type: 5, icon: <EnvironmentOutline />, tone: 'is-cyan' },
  { type: 6, icon: <CompassOutline />, tone: 'is-pink' },
];

/** /chooseCourseModule?courseId=: the template after creation, then the course home (spec 1 §4). */
export default function ChooseCourseModulePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const courseId = useCourseParam();
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!courseId) return;
    if (!chosen) {
      setError(t('validation.template'));
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await coursesApi.saveTemplate(courseId, chosen);
      void queryClient.invalidateQueries({ queryKey: courseKeys.info(courseId) });
      navigate(courseHomePath(courseId, 1), { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page" data-testid="choose-module-page">
      <PageNavBar
        title={t('courses.template.title')}
        onBack={courseId ? () => navigate(courseHomePath(courseId, 1), { replace: true }) : undefined}
      />
      {courseId === null ? (
        <LoadFailed message={t('validation.courseId')} />
      ) : (
        <div className="page-body form-page">
          <p className="form-intro">{t('courses.template.intro')}</p>
          <div className="template-grid">
            {TEMPLATES.map(({ type, icon, tone }) => (
              <button
                key={type}
                type="button"
                aria-pressed={chosen === type}
                className={`template-card${chosen === type ? ' is-chosen' : ''}`}
                onClick={() => {
                  setChosen(type);
                  setError(undefined);
                }}
                data-testid={`template-${type}`}
              >
                <span className={`template-icon ${tone}`}>{icon}</span>
                <span className="template-name">{t(`courses.template.name${type}`)}</span>
                <span className="template-text">{t(`courses.template.text${type}`)}</span>
              </button>
            ))}
          </div>
          <FormError message={error} testid="template-error" />
          <Button
            block
            color="primary"
            size="large"
            shape="rounded"
            loading={saving}
            disabled={saving}
            onClick={() => void save()}
            className="submit-button"
            data-testid="template-confirm"
          >
            {t('courses.template.confirm')}
          </Button>
        </div>
      )}
    </div>
  );
}
