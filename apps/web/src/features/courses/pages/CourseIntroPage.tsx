import { INTRO_MAX, introInput } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Toast } from 'antd-mobile';
import { EditSOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { ApiError, errorMessage } from '../../../lib/api';
import type { TFunction } from '../../../lib/translations';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { courseKeys, coursesApi, retryNetworkOnly } from '../api';
import { CourseGate, QueryFailed } from '../components/CourseGate';
import { hasAbility, useCourseInfo } from '../hooks/useCourseInfo';
import { useCourseParam } from '../hooks/useCourseParam';
import type { CourseInfo } from '../types';
import { cardColors, courseHomePath, semesterTitle } from '../utils';

/**
 * /courseIntro?courseId=: the course introduction. Members read it as plain text (line breaks kept,
 * never read as markup); the owner and assistants write it (at most 5000 characters).
 */
export default function CourseIntroPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const intro = useQuery({
    queryKey: courseKeys.intro(courseId ?? 0),
    queryFn: () => coursesApi.getCourseIntro(courseId!),
    enabled: courseId !== null && info.isSuccess,
    retry: retryNetworkOnly,
  });
  const role: 0 | 1 = Number(info.data?.courseRole) === 1 ? 1 : 0;
  const goBack = useGoBack(courseId ? courseHomePath(courseId, role) : undefined);
  const dirty = editing && draft !== (intro.data?.describes ?? '');

  const back = async () => {
    if (editing) {
      if (dirty && !(await askDiscard(t))) return;
      setEditing(false);
      return;
    }
    goBack();
  };

  return (
    <div className="page" data-testid="course-intro-page">
      <PageNavBar title={editing ? t('courses.intro.editTitle') : t('courses.intro.title')} onBack={() => void back()} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          intro.isPending ? (
            <LoadingScreen text={t('common.loading')} />
          ) : intro.isError ? (
            <QueryFailed error={intro.error} onRetry={() => void intro.refetch()} />
          ) : editing ? (
            <IntroEditor
              info={course}
              draft={draft}
              onDraft={setDraft}
              onCancel={() => void back()}
              onSaved={() => setEditing(false)}
            />
          ) : (
            <IntroView
              info={course}
              text={intro.data.describes}
              onEdit={() => {
                setDraft(intro.data.describes);
                setEditing(true);
              }}
            />
          )
        }
      </CourseGate>
    </div>
  );
}

async function askDiscard(t: TFunction) {
  return confirmDialog({
    title: t('courses.leave.title'),
    content: t('courses.leave.text'),
    confirmText: t('courses.leave.confirm'),
    cancelText: t('courses.leave.stay'),
    danger: true,
    testid: 'leave-ask',
  }).result;
}

function CourseHead({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  return (
    <section className="intro-head" style={cardColors(info.id)} data-testid="intro-course">
      <h1 className="course-home-name">{info.coursename}</h1>
      <div className="course-home-line">
        {info.classname || t('courses.card.noClass')} · {semesterTitle(t, info.semester, Number(info.term))}
      </div>
      <div className="course-home-line">{t('courses.intro.teacher', { name: info.username })}</div>
    </section>
  );
}

function IntroView({ info, text, onEdit }: { info: CourseInfo; text: string; onEdit: () => void }) {
  const { t } = useTranslation();
  const canEdit = hasAbility(info, 'edit');
  const empty = text.trim() === '';
  return (
    <div className="page-body form-page">
      <CourseHead info={info} />
      {empty ? (
        <div className="intro-card intro-empty" data-testid="intro-empty">
          <ErrorBlock
            status="empty"
            title={t('courses.intro.empty')}
            description={canEdit ? t('courses.intro.emptyTeacher') : t('courses.intro.emptyStudent')}
          />
        </div>
      ) : (
        // plain text: React escapes it, and pre-wrap keeps the line breaks
        <article className="intro-card intro-text" data-testid="intro-text">
          {text}
        </article>
      )}
      {canEdit ? (
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          onClick={onEdit}
          className="submit-button"
          data-testid="intro-edit"
        >
          <EditSOutline /> {empty ? t('courses.intro.write') : t('courses.intro.edit')}
        </Button>
      ) : null}
    </div>
  );
}

function IntroEditor({
  info,
  draft,
  onDraft,
  onCancel,
  onSaved,
}: {
  info: CourseInfo;
  draft: string;
  onDraft: (value: string) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  // counted as the server counts (string length)
  const length = draft.length;

  const save = async () => {
    setError(undefined);
    const checked = validate(introInput, { courseid: info.id, describes: draft });
    if (!checked.ok) {
      setError(t(checked.errors.describes ?? 'validation.invalid'));
      return;
    }
    setSaving(true);
    try {
      const saved = await coursesApi.saveCourseIntro(info.id, checked.data.describes);
      queryClient.setQueryData(courseKeys.intro(info.id), saved);
      Toast.show({ content: t('courses.intro.saved') });
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page-body form-page">
      <p className="form-intro">{t('courses.intro.editIntro')}</p>
      <div className={`intro-editor${length > INTRO_MAX ? ' is-over' : ''}`}>
        <textarea
          className="intro-textarea"
          value={draft}
          onChange={(e) => {
            onDraft(e.target.value);
            setError(undefined);
          }}
          placeholder={t('courses.intro.placeholder')}
          maxLength={INTRO_MAX}
          rows={12}
          aria-label={t('courses.intro.title')}
          data-testid="intro-input"
        />
        <div className="intro-count" data-testid="intro-count">
          {length}/{INTRO_MAX}
        </div>
      </div>
      <FormError message={error} testid="intro-error" />
      <div className="intro-buttons">
        <Button shape="rounded" size="large" onClick={onCancel} data-testid="intro-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          color="primary"
          shape="rounded"
          size="large"
          loading={saving}
          disabled={saving}
          onClick={() => void save()}
          data-testid="intro-save"
        >
          {t('courses.intro.save')}
        </Button>
      </div>
    </div>
  );
}
