import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd-mobile';
import { LoadingScreen } from '../../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/translations';
import { retryNetworkOnly } from '../../../courses/api';
import { CourseGate, QueryFailed } from '../../../courses/components/CourseGate';
import { LoadFailed } from '../../../courses/components/NoPermission';
import { useCourseInfo } from '../../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../../courses/hooks/useCourseParam';
import { parseItemId } from '../../../notices/utils';
import { recheckApi, recheckKeys } from '../api';
import { ViewsLeft } from '../components/ReportView';
import { recheckingPath } from '../paths';
import '../recheck.css';

/**
 * /homework/recheckRules?courseId=&id=&courseRole=1 (spec 2 §2, §5, §6): what duplicate checking
 * reads, the ceiling, and the views the teacher has left (unlimited for VIP members).
 */
export default function RecheckRulesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId && id ? recheckingPath(courseId, id) : undefined);
  return (
    <div className="page dup-page" data-testid="recheck-rules-page">
      <PageNavBar title={t('recheck.rulesTitle')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => (id === null ? <LoadFailed message={t('recheck.badAddress')} /> : <Rules courseId={course.id} id={id} />)}
      </CourseGate>
    </div>
  );
}

function Rules({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rules = useQuery({
    queryKey: recheckKeys.rules(courseId, id),
    queryFn: () => recheckApi.rules(courseId, id),
    retry: retryNetworkOnly,
  });
  if (rules.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (rules.isError) return <QueryFailed error={rules.error} onRetry={() => void rules.refetch()} />;
  const r = rules.data;
  return (
    <div className="page-body dup-body">
      <section className="dup-rules" data-testid="recheck-rules">
        <div className="dup-rule">
          <span className="dup-rule-label">{t('recheck.formats')}</span>
          <span className="dup-rule-value dup-formats" data-testid="recheck-formats">
            {r.formats.map((f) => (
              <Tag key={f} color="primary" fill="outline">
                {f}
              </Tag>
            ))}
          </span>
        </div>
        <p className="dup-rule-note muted small">{t('recheck.formatsNote')}</p>
        <div className="dup-rule">
          <span className="dup-rule-label">{t('recheck.ceiling')}</span>
          <span className="dup-rule-value" data-testid="recheck-rules-ceiling">
            {r.ceiling}%
          </span>
        </div>
        <p className="dup-rule-note muted small">{t('recheck.ceilingNote')}</p>
        <div className="dup-rule">
          <span className="dup-rule-label">{t('recheck.scope')}</span>
          <span className="dup-rule-value" data-testid="recheck-scope">
            {r.coursewide ? t('recheck.scopeCourse') : t('recheck.scopeHomework')}
          </span>
        </div>
        <div className="dup-rule">
          <span className="dup-rule-label">{t('recheck.reportViews')}</span>
          <span className="dup-rule-value">
            <ViewsLeft left={r.homeworkleft} total={r.vip ? undefined : r.homeworkviews} />
          </span>
        </div>
        <div className="dup-rule">
          <span className="dup-rule-label">{t('recheck.documentViews')}</span>
          <span className="dup-rule-value" data-testid="recheck-document-views">
            {r.vip ? t('recheck.unlimited') : t('recheck.perDocument', { count: r.documentviews })}
          </span>
        </div>
        <p className="dup-rule-note muted small" data-testid="recheck-vip">
          {r.vip ? t('recheck.vipYes') : t('recheck.vipNo')}
        </p>
      </section>
      <section className="dup-howto">
        <h3 className="dup-section-title">{t('recheck.howTitle')}</h3>
        <ol className="dup-steps">
          <li>{t('recheck.how1')}</li>
          <li>{t('recheck.how2')}</li>
          <li>{t('recheck.how3')}</li>
        </ol>
      </section>
      <Button
        block
        color="primary"
        shape="rounded"
        onClick={() => navigate(recheckingPath(courseId, id))}
        data-testid="recheck-open-report"
      >
        {t('recheck.openReport')}
      </Button>
    </div>
  );
}
