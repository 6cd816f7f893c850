import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Popup, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { PageNavBar } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { Link, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { coursewarePath } from '../../courseware/paths';
import { plainText } from '../../exams/components/teacher/utils';
import { interactApi, interactKeys, type SlideQuestions, type SlideStep } from '../api';
import { interactPaths } from '../paths';
import '../interact.css';

/**
 * /documentView/interactpptSubjectLists?courseId=&courseRole=1&interactid= (spec 2 §2, issue 15):
 * the questions on a courseware's slides. The teacher puts a question of one of the course's
 * interactive answers on a page; when the classroom screen reaches that page in class, the question
 * opens for answers and every phone is asked to join. A question already asked stays where it was.
 */
export default function SlideQuestionsPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const id = Number(params.get('interactid')) || 0;
  return (
    <div className="page ia-page" data-testid="slide-questions-page">
      <PageNavBar title={t('interact.slides.title')} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => <Pages courseId={course.id} id={id} />}
      </CourseGate>
    </div>
  );
}

function Pages({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const shown = useQuery({ queryKey: interactKeys.slides(id), queryFn: () => interactApi.slideQuestions(id), enabled: id > 0 });
  const [picking, setPicking] = useState(0);
  const [busy, setBusy] = useState(0);
  if (!id) return <ErrorBlock status="empty" title={t('interact.slides.none')} data-testid="slide-questions-none" />;
  if (shown.isPending)
    return (
      <div className="page-body" aria-busy="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (shown.isError) return <QueryFailed error={shown.error} onRetry={() => void shown.refetch()} />;
  const s = shown.data;

  const place = async (step: SlideStep, page: number) => {
    setBusy(step.stepid);
    try {
      queryClient.setQueryData<SlideQuestions>(interactKeys.slides(id), await interactApi.placeStep(step.stepid, id, page));
      setPicking(0);
      Toast.show({ content: t(page ? 'interact.slides.placed' : 'interact.slides.removed', { page }) });
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(0);
    }
  };

  if (s.total === 0)
    return (
      <div className="page-body ia-body">
        <ErrorBlock
          status="empty"
          title={t('interact.slides.notReady')}
          description={t('interact.slides.notReadyHint')}
          data-testid="slide-questions-not-ready"
        />
        <Link to={coursewarePath(courseId, 1, id)} className="ia-link">
          {t('interact.slides.toCourseware')}
        </Link>
      </div>
    );
  return (
    <div className="page-body ia-body" data-testid="slide-questions" data-id={id}>
      <h2 className="ia-title">{s.title}</h2>
      <p className="muted small">{t('interact.slides.hint')}</p>
      {s.candidates.length === 0 && s.pages.every((p) => p.steps.length === 0) ? (
        <div className="ia-slide-empty" data-testid="slide-questions-no-steps">
          <p className="muted small">{t('interact.slides.noSteps')}</p>
          <Link to={interactPaths.create(courseId)} className="ia-link">
            {t('interact.add')}
          </Link>
        </div>
      ) : null}
      <ol className="ia-slide-list">
        {s.pages.map((p) => (
          <li key={p.pageindex} className="ia-slide" data-testid="slide-page" data-page={p.pageindex}>
            <img className="ia-slide-thumb" src={p.url} alt={t('interact.slides.page', { page: p.pageindex })} loading="lazy" />
            <div className="ia-slide-main">
              <span className="ia-slide-no">{t('interact.slides.page', { page: p.pageindex })}</span>
              {p.steps.map((step) => (
                <div key={step.stepid} className="ia-slide-step" data-testid="slide-step" data-stepid={step.stepid}>
                  <span className="ia-slide-stem">{plainText(step.stem)}</span>
                  {step.state === 0 ? (
                    <Button
                      size="mini"
                      fill="none"
                      color="danger"
                      loading={busy === step.stepid}
                      onClick={() => void place(step, 0)}
                      data-testid="slide-step-remove"
                    >
                      {t('interact.slides.remove')}
                    </Button>
                  ) : (
                    <span className="ia-state is-closed" data-testid="slide-step-asked">
                      {t(step.state === 1 ? 'interact.state.open' : 'interact.slides.asked')}
                    </span>
                  )}
                </div>
              ))}
              {s.candidates.some((c) => c.pageindex !== p.pageindex) ? (
                <Button size="small" fill="outline" onClick={() => setPicking(p.pageindex)} data-testid="slide-place">
                  {t('interact.slides.place')}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <Popup visible={picking > 0} onMaskClick={() => setPicking(0)} bodyClassName="ia-slide-popup" destroyOnClose>
        <div data-testid="slide-pick">
          <h3 className="ia-title">{t('interact.slides.pickTitle', { page: picking })}</h3>
          <ul className="ia-slide-picks">
            {s.candidates
              .filter((c) => c.pageindex !== picking)
              .map((c) => (
                <li key={c.stepid}>
                  <button
                    type="button"
                    className="ia-row"
                    disabled={busy > 0}
                    onClick={() => void place(c, picking)}
                    data-testid="slide-pick-step"
                    data-stepid={c.stepid}
                  >
                    <span className="ia-row-main">
                      <span className="ia-row-title">{plainText(c.stem)}</span>
                      <span className="muted small">
                        {t('interact.slides.from', { title: c.title, n: c.sort })}
                        {c.pageindex > 0 ? ` · ${t('interact.slides.onPage', { page: c.pageindex })}` : ''}
                        {c.pageindex < 0 ? ` · ${t('interact.slides.onOther')}` : ''}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
          </ul>
          <Button block onClick={() => setPicking(0)}>
            {t('common.cancel')}
          </Button>
        </div>
      </Popup>
    </div>
  );
}
