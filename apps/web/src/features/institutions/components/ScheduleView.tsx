import { Button, ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { PageNavBar } from '../../../components/PageNavBar';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { courseHomePath } from '../../courses/utils';
import type { Institution } from '../api';
import { useTeachClasses } from '../hooks/useInstitutions';
import { TeachClassCard } from './TeachClassCard';
import { TeachClassLoadError, TeachClassSkeleton } from './TeachClassStates';

/**
 * "View scheduled courses" of one certified institution (`/CourseApi/teachClass`): each course,
 * bound or not; a bound one opens its course, and a teacher goes on to bind the unbound ones.
 */
export function ScheduleView({
  institution,
  isTeacher,
  onBack,
  onBind,
}: {
  institution: Institution;
  isTeacher: boolean;
  onBack: () => void;
  onBind: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useTeachClasses(institution.jigouid);
  const list = query.data ?? [];
  const unbound = list.filter((tc) => !Number(tc.classid)).length;

  let body: ReactNode;
  if (query.isPending) {
    body = <TeachClassSkeleton testid="schedule" />;
  } else if (query.isError) {
    body = <TeachClassLoadError testid="schedule" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (list.length === 0) {
    body = (
      <div className="page-center attest-state" data-testid="schedule-empty">
        <ErrorBlock status="empty" title={t('institutions.schedule.empty')} description={t('institutions.schedule.emptyHint')} />
      </div>
    );
  } else {
    body = (
      <>
        <ul className="tc-list" data-testid="schedule-list">
          {list.map((tc) => {
            const bound = Number(tc.classid) > 0;
            const tag = isTeacher
              ? bound
                ? { text: t('institutions.schedule.bound'), color: 'success' as const }
                : { text: t('institutions.schedule.unbound'), color: 'warning' as const }
              : bound
                ? { text: t('institutions.schedule.opened'), color: 'success' as const }
                : { text: t('institutions.schedule.notOpened'), color: 'default' as const };
            return (
              <TeachClassCard
                key={tc.id}
                tc={tc}
                tag={tag}
                onOpen={bound ? () => navigate(courseHomePath(Number(tc.classid), isTeacher ? 1 : 0)) : undefined}
              />
            );
          })}
        </ul>
        {isTeacher && unbound > 0 ? (
          <Button block color="primary" size="large" shape="rounded" onClick={onBind} data-testid="schedule-bind">
            {t('institutions.schedule.bindRest', { count: unbound })}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageNavBar title={t('institutions.schedule.title')} onBack={onBack} />
      <div className="page-body attest-schedule" data-testid="schedule-view">
        <p className="form-intro" data-testid="schedule-intro">
          {t('institutions.schedule.intro', { jigou: institution.jigou })}
        </p>
        {body}
      </div>
    </>
  );
}
