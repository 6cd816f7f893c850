import {
  CONTENT_TITLE_MAX,
  INTERACT_STEPS_MAX,
  interactCreateInput,
  LIVE_QUESTION_TYPES,
  STEP_SECONDS_DEFAULT,
} from '@paiclass/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, ErrorBlock, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { RequiredLabel } from '../../../components/RequiredLabel';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useFormErrors } from '../../../lib/useFormErrors';
import { validate } from '../../../lib/validation';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { useLeaveGuard } from '../../courses/hooks/useLeaveGuard';
import type { CourseInfo } from '../../courses/types';
import { teacherExamKeys, teacherExamsApi } from '../../exams/api.teacher';
import { importFilePath, teacherTestPaths } from '../../exams/components/teacher/paths';
import { parseIds, plainText } from '../../exams/components/teacher/utils';
import { interactApi, interactKeys } from '../api';
import { interactPaths } from '../paths';
import '../interact.css';

const LIVE: readonly number[] = LIVE_QUESTION_TYPES;

/**
 * /addActivity/interactiveAnswers?courseId=&courseRole=1: a new interactive answer — a title, 1-20
 * questions of the course's bank in the order picked (file, photo and paragraph questions are not asked
 * live and are not offered), and the seconds each is open for. The teacher lands on its page.
 */
export default function AddInteractPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  return (
    <div className="page ia-page" data-testid="ia-add-page">
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => <AddInteractForm info={course} />}
      </CourseGate>
      {info.isSuccess ? null : <PageNavBar title={t('interact.form.title')} />}
    </div>
  );
}

function AddInteractForm({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const courseId = info.id;
  const [title, setTitle] = useState('');
  const [params] = useSearchParams();
  // questions just imported by /courseware/importFile come chosen
  const [picked, setPicked] = useState<number[]>(() => parseIds(params.get('questionids')));
  const [seconds, setSeconds] = useState(String(STEP_SECONDS_DEFAULT));
  const [submitting, setSubmitting] = useState(false);
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();
  const leave = useLeaveGuard((title.trim() !== '' || picked.length > 0) && !submitting, interactPaths.detail(courseId, 1));
  const filter = { type: 0, difficulty: 0, point: '', keyword: '' };
  const bank = useInfiniteQuery({
    queryKey: teacherExamKeys.questions(courseId, filter),
    queryFn: ({ pageParam }) => teacherExamsApi.questions({ courseid: courseId, ...filter, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    retry: retryNetworkOnly,
  });
  const all = bank.data?.pages.flatMap((p) => p.list) ?? [];
  const rows = all.filter((q) => LIVE.includes(q.type));

  const toggle = (id: number) => {
    clearError('questionids');
    setPicked((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  };

  const submit = async () => {
    setFormError(undefined);
    const body = { courseid: courseId, title, questionids: picked, seconds: seconds.trim() === '' ? '' : Number(seconds) };
    const checked = validate(interactCreateInput, body);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = ['title', 'questionids', 'seconds'].find((f) => checked.errors[f]);
      Toast.show({ content: t(checked.errors[first ?? Object.keys(checked.errors)[0]!]!) });
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const made = await interactApi.create(checked.data);
      await queryClient.invalidateQueries({ queryKey: interactKeys.list(courseId) });
      Toast.show({ content: t('interact.form.created') });
      navigate(interactPaths.detail(courseId, 1, made.id), { replace: true });
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  let questions: React.ReactNode;
  if (bank.isPending) questions = <LoadingScreen text={t('common.loading')} />;
  else if (bank.isError) questions = <QueryFailed error={bank.error} onRetry={() => void bank.refetch()} />;
  else if (rows.length === 0 && !bank.hasNextPage)
    questions = (
      <ErrorBlock
        status="empty"
        title={all.length === 0 ? t('interact.form.bankEmpty') : t('interact.form.noLive')}
        description={
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => navigate(teacherTestPaths.list(courseId, 'bank'))}
            data-testid="ia-bank-link"
          >
            {t('interact.form.toBank')}
          </Button>
        }
        data-testid="ia-bank-empty"
      />
    );
  else
    questions = (
      <ul className="ia-pick-list">
        {rows.map((q) => {
          const n = picked.indexOf(q.id);
          return (
            <li key={q.id} className="ia-pick-row" data-testid="ia-pick" data-id={q.id}>
              <Checkbox checked={n >= 0} disabled={n < 0 && picked.length >= INTERACT_STEPS_MAX} onChange={() => toggle(q.id)}>
                <span className="muted small">
                  {n >= 0 ? <span className="ia-pick-no">{t('interact.stepNo', { n: n + 1 })} · </span> : null}
                  {t(`exams.common.type.${q.type}`)}
                </span>
                <span className="ia-pick-stem">{plainText(q.title)}</span>
              </Checkbox>
            </li>
          );
        })}
        {bank.hasNextPage ? (
          <Button block fill="none" loading={bank.isFetchingNextPage} onClick={() => void bank.fetchNextPage()}>
            {t('exams.teacher.bank.more')}
          </Button>
        ) : null}
      </ul>
    );

  return (
    <>
      <PageNavBar title={t('interact.form.title')} onBack={() => void leave()} />
      <form
        className="page-body form-page ia-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="form-card">
          <TextField
            testid="ia-title-input"
            label={<RequiredLabel text={t('interact.form.name')} />}
            value={title}
            onChange={(v) => {
              setTitle(v);
              clearError('title');
            }}
            placeholder={t('interact.form.namePlaceholder')}
            maxLength={CONTENT_TITLE_MAX}
            error={fieldError('title')}
          />
          <TextField
            testid="ia-seconds-input"
            label={<RequiredLabel text={t('interact.form.seconds')} />}
            value={seconds}
            inputMode="numeric"
            onChange={(v) => {
              setSeconds(v.replace(/[^\d]/g, ''));
              clearError('seconds');
            }}
            hint={t('interact.form.secondsHint')}
            maxLength={4}
            error={fieldError('seconds')}
          />
        </div>
        <div className="form-card">
          <div className="field-label">
            <RequiredLabel text={t('interact.form.questions', { count: picked.length, max: INTERACT_STEPS_MAX })} />
          </div>
          <p className="small muted">{t('interact.form.questionsHint')}</p>
          {fieldError('questionids') ? (
            <div className="field-error" role="alert" data-testid="ia-questions-error">
              {fieldError('questionids')}
            </div>
          ) : null}
          {questions}
          <Link to={importFilePath(courseId, 3)} className="exam-link ia-import-link" data-testid="ia-import-file">
            {t('exams.teacher.importFile.entry')}
          </Link>
        </div>
        <FormError message={formError} testid="ia-form-error" />
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={submitting}
          disabled={submitting}
          className="submit-button"
          data-testid="ia-submit"
        >
          {t('interact.form.create')}
        </Button>
      </form>
    </>
  );
}
