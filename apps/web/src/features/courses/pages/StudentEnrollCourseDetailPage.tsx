import { JOIN_STATUS, type JoinKey, joinKeyInput } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Result, Toast } from 'antd-mobile';
import { TeamOutline, UserOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { safeReturnPath } from '../../../lib/returnPath';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { courseKeys, coursesApi, joinKeyOf, retryNetworkOnly } from '../api';
import { JoinFailure } from '../components/JoinFailure';
import { LoadFailed } from '../components/NoPermission';
import { joinedTarget, useJoinOutcome } from '../hooks/useJoinOutcome';
import type { EnrollForm } from '../types';
import { cardColors } from '../utils';

/**
 * /studentEnrollCourseDetail?code= (or ?coid=, the portal's): the course behind a code, its enrolment
 * questions and the request's state (spec 1 §3, §4). `redirect` is the course link that offered the
 * join (issue 12 item 7): entering the approved course opens it; while waiting, the page says so.
 */
export default function StudentEnrollCourseDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = joinKeyOf(params);
  const from = safeReturnPath(params.get('redirect'));
  const valid = joinKeyInput.safeParse(key).success;
  const form = useQuery({
    queryKey: courseKeys.enrollForm(key),
    queryFn: () => coursesApi.getEnrollForm(key),
    enabled: valid,
    retry: retryNetworkOnly,
  });

  let body: ReactNode;
  if (!valid) body = <LoadFailed message={t('validation.joinCode')} />;
  else if (form.isPending) body = <LoadingScreen text={t('common.loading')} />;
  else if (form.isError) body = <LoadFailed message={errorMessage(form.error)} onRetry={() => void form.refetch()} />;
  else body = <EnrollDetail joinKey={key} form={form.data} from={from} />;

  return (
    <div className="page" data-testid="enroll-detail-page">
      <PageNavBar title={t('courses.enrollForm.title')} />
      {body}
    </div>
  );
}

function EnrollDetail({ joinKey, form, from }: { joinKey: JoinKey; form: EnrollForm; from: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const outcome = useJoinOutcome();
  const [values, setValues] = useState<string[]>(() =>
    form.formLists.map((q) => form.answers.find((a) => a.title === q.title)?.value ?? ''),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const state = Number(form.state);

  if (outcome.failure !== null) return <JoinFailure message={outcome.failure} onHome={outcome.home} />;

  const submit = async () => {
    setFormError(undefined);
    // every asked question is required (docs/api.md submitEnroll)
    const missing: Record<number, string> = {};
    values.forEach((v, i) => {
      if (!v.trim()) missing[i] = t('validation.answerRequired');
    });
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSubmitting(true);
    try {
      const answers = form.formLists.map((q, i) => ({ title: q.title, value: values[i]!.trim() }));
      const result = await coursesApi.submitEnroll(joinKey, answers);
      if (Number(result.status) === JOIN_STATUS.pendingReview) {
        Toast.show({ content: result.message });
        await queryClient.invalidateQueries({ queryKey: courseKeys.enrollForm(joinKey) });
      } else outcome.handle(result, joinKey, from);
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const answers =
    form.answers.length > 0 ? (
      <List header={t('courses.enrollForm.yourAnswers')} className="setting-list" data-testid="enroll-answers">
        {form.answers.map((a) => (
          <List.Item key={a.title} extra={<span className="answer-value">{a.value}</span>}>
            {a.title}
          </List.Item>
        ))}
      </List>
    ) : null;

  return (
    <div className="page-body form-page">
      <section className="enroll-course-head" style={cardColors(form.courseid)} data-testid="enroll-course">
        <h2 className="course-card-name" data-testid="enroll-course-name">
          {form.coursename}
        </h2>
        <div className="course-card-class">{form.classname || t('courses.card.noClass')}</div>
        <div className="course-home-foot">
          <span className="course-card-meta">
            <UserOutline /> {form.username}
          </span>
          <span className="course-card-spacer" />
          <span className="course-tag">
            <TeamOutline /> {form.auditstate === '1' ? t('courses.enrollForm.manual') : t('courses.enrollForm.auto')}
          </span>
        </div>
      </section>

      {state === 0 ? (
        <>
          <Result
            status="waiting"
            title={<span data-testid="enroll-state-waiting">{t('courses.enrollForm.waiting')}</span>}
            description={
              <>
                {t('courses.enrollForm.waitingText')}
                {from ? (
                  <span className="enroll-waiting-link" data-testid="enroll-waiting-link">
                    {' '}
                    {t('courses.enrollForm.waitingLink')}
                  </span>
                ) : null}
              </>
            }
          />
          {answers}
          <Button block shape="rounded" size="large" onClick={outcome.home} className="submit-button" data-testid="enroll-home">
            {t('common.backHome')}
          </Button>
        </>
      ) : state === 1 ? (
        <>
          <Result
            status="success"
            title={<span data-testid="enroll-state-approved">{t('courses.enrollForm.approved')}</span>}
            description={t('courses.enrollForm.approvedText')}
          />
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            onClick={() => navigate(joinedTarget(form.courseid, from), { replace: true })}
            className="submit-button"
            data-testid="enroll-enter"
          >
            {joinedTarget(form.courseid, from) === from ? t('courses.enrollForm.openLink') : t('courses.enrollForm.enter')}
          </Button>
        </>
      ) : state === 2 ? (
        <>
          <Result
            status="error"
            title={<span data-testid="enroll-state-rejected">{t('courses.enrollForm.rejected')}</span>}
            description={t('courses.enrollForm.rejectedText')}
          />
          {answers}
          <Button block shape="rounded" size="large" onClick={outcome.home} className="submit-button" data-testid="enroll-home">
            {t('common.backHome')}
          </Button>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p className="form-intro" data-testid="enroll-form-intro">
            {form.formLists.length > 0 ? t('courses.enrollForm.intro') : t('courses.enrollForm.introNoQuestions')}
          </p>
          {form.formLists.length > 0 ? (
            <div className="form-card">
              {form.formLists.map((q, i) => (
                <TextField
                  key={`${q.key}-${q.title}`}
                  testid={`enroll-answer-${i}`}
                  label={
                    <>
                      {q.title}
                      <span className="required-mark"> *</span>
                    </>
                  }
                  value={values[i] ?? ''}
                  maxLength={100}
                  placeholder={t('courses.enrollForm.answerPlaceholder', { title: q.title })}
                  onChange={(v) => {
                    setValues((list) => list.map((x, j) => (j === i ? v : x)));
                    setErrors(({ [i]: _gone, ...rest }) => rest);
                  }}
                  error={errors[i]}
                />
              ))}
            </div>
          ) : null}
          <FormError message={formError} testid="enroll-submit-error" />
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            shape="rounded"
            loading={submitting}
            disabled={submitting}
            className="submit-button"
            data-testid="enroll-submit"
          >
            {t('courses.enrollForm.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
