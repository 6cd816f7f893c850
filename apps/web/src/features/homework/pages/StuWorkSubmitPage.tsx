import { HOMEWORK_ANSWER_TEXT_MAX, HOMEWORK_ANSWER_TYPES, takesAttachments, takesText } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { ClockCircleOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { isRichTextEmpty } from '../../../components/richText';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { useLeaveGuard } from '../../courses/hooks/useLeaveGuard';
import { FilePicker } from '../../materials/components/FilePicker';
import { useUploads } from '../../materials/hooks/useUploads';
import { formatTime } from '../../materials/utils';
import { parseItemId } from '../../notices/utils';
import { homeworkApi, homeworkKeys } from '../api';
import { useHomework } from '../hooks/useHomework';
import { homeworkPath } from '../paths';
import type { Homework, WorkFile } from '../types';
import '../../materials/materials.css';
import '../homework.css';
import { attachmentLimitLabel } from '../../../lib/upload';

/** The longest message the server keeps with a submission. */
const MESSAGE_MAX = 1000;

/** The characters of a written answer as the server counts them (its plain text). */
function answerLength(html: string) {
  const box = document.createElement('div');
  box.innerHTML = html;
  return (box.textContent ?? '').replace(/\u00a0/g, ' ').trim().length;
}

/**
 * /homework/stuWorkSubmit?courseId=&id=: a student hands in (or hands in again) their homework, as
 * the homework's answer type asks (issue 12, item 4): attachments (the spec's rule: a message alone
 * is refused, spec 2 §5), a written answer in the rich-text editor, or either. A confirmation comes
 * before anything is sent, saying when the work will count as overtime.
 */
export default function StuWorkSubmitPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  return (
    <div className="page hw-page" data-testid="work-submit-page">
      {/* once the course is read, the form draws its own bar, whose back asks before throwing input away */}
      {info.isSuccess ? null : <PageNavBar title={t('homework.submit.title')} />}
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id === null ? (
            <>
              <PageNavBar title={t('homework.submit.title')} />
              <LoadFailed message={t('homework.notFound')} />
            </>
          ) : (
            <SubmitBody courseId={course.id} id={id} />
          )
        }
      </CourseGate>
    </div>
  );
}

function SubmitBody({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const hw = useHomework(courseId, id);
  // the form is built once from the first answer: later reads (signed addresses) must not reset it
  if (hw.isPending)
    return (
      <>
        <PageNavBar title={t('homework.submit.title')} />
        <LoadingScreen text={t('common.loading')} />
      </>
    );
  if (hw.isError)
    return (
      <>
        <PageNavBar title={t('homework.submit.title')} />
        <QueryFailed error={hw.error} onRetry={() => void hw.refetch()} />
      </>
    );
  return <SubmitForm courseId={courseId} hw={hw.data} />;
}

function SubmitForm({ courseId, hw }: { courseId: number; hw: Homework }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const mine = hw.mine ?? null;
  const back = homeworkPath(courseId, 0, hw.id);
  // a phone photo over 5 MB is scaled down before upload unless the student keeps the original,
  // which the attachment limit (150M, VIP 2G) allows (issue 12)
  const [keepOriginal, setKeepOriginal] = useState(false);
  const uploads = useUploads({ isVip: Number(user?.isvip ?? 0) > 0, videoOnly: false, shrinkPhotos: !keepOriginal });
  const answerType = hw.settings.answertype ?? HOMEWORK_ANSWER_TYPES.attachment;
  const withFiles = takesAttachments(answerType);
  const withText = takesText(answerType);
  // a resubmission starts from the student's own files of the last one (a group member's are theirs to send)
  const [kept, setKept] = useState<WorkFile[]>(() => (mine && user && mine.uid === Number(user.id) ? mine.attachment : []));
  const [message, setMessage] = useState(mine && user && mine.uid === Number(user.id) ? mine.message : '');
  // the written answer is the owner's (the group's): it starts from the last one, whoever wrote it
  const [answer, setAnswer] = useState(mine?.content ?? '');
  const [filesError, setFilesError] = useState<string>();
  const [answerError, setAnswerError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const written = withText && !isRichTextEmpty(answer);
  const length = useMemo(() => (withText ? answerLength(answer) : 0), [answer, withText]);
  const dirty =
    uploads.entries.length > 0 ||
    message.trim() !== (mine?.message ?? '').trim() ||
    (withText && answer !== (mine?.content ?? '') && !(isRichTextEmpty(answer) && !mine?.content));
  const leave = useLeaveGuard(dirty && !sending, back);
  const group = hw.settings.type === 2;
  const noGroup = group && Number(hw.ingroup) === 0;
  const late = Number(hw.late) === 1;
  const open = Number(hw.cansubmit) === 1;

  const submit = async () => {
    setFormError(undefined);
    const fileids = withFiles ? [...kept.map((f) => f.id), ...uploads.done.map((f) => f.id)] : [];
    if (withFiles && uploads.busy) {
      Toast.show({ content: t('homework.form.stillUploading') });
      return;
    }
    // the server's rules, checked first here with its words
    if (answerType === HOMEWORK_ANSWER_TYPES.attachment && fileids.length === 0) {
      // spec 2 §5: homework is submitted as attachments, never in the message alone
      setFilesError(t('validation.homeworkAttachmentRequired'));
      return;
    }
    if (answerType === HOMEWORK_ANSWER_TYPES.text && !written) {
      setAnswerError(t('validation.answerTextRequired'));
      return;
    }
    if (answerType === HOMEWORK_ANSWER_TYPES.either && !written && fileids.length === 0) {
      setAnswerError(t('validation.answerOrAttachment'));
      return;
    }
    if (written && length > HOMEWORK_ANSWER_TEXT_MAX) {
      setAnswerError(t('validation.answerLength', { max: HOMEWORK_ANSWER_TEXT_MAX }));
      return;
    }
    if (withFiles && uploads.failed) {
      setFilesError(t('homework.form.uploadFailed'));
      return;
    }
    const ok = await confirmDialog({
      title: mine ? t('homework.submit.confirmResubmitTitle') : t('homework.submit.confirmTitle'),
      content: [
        written ? t('homework.submit.confirmAnswer') : '',
        fileids.length ? t('homework.submit.confirmFiles', { count: fileids.length }) : '',
        message.trim() ? '' : t('homework.submit.noMessage'),
        late ? t('homework.submit.confirmLate') : '',
        mine ? t('homework.submit.confirmReplace') : '',
        group ? t('homework.submit.confirmGroup') : '',
      ]
        .filter(Boolean)
        .join(' '),
      confirmText: t('homework.submit.confirm'),
      testid: 'submit-confirm',
    }).result;
    if (!ok) return;
    setSending(true);
    try {
      const saved = await homeworkApi.submit(courseId, hw.id, fileids, message.trim(), written ? answer : '');
      Toast.show({ content: Number(saved.overtime) === 1 ? t('homework.submit.doneLate') : t('homework.submit.done') });
      await queryClient.invalidateQueries({ queryKey: homeworkKeys.all(courseId) });
      navigate(back, { replace: true });
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  const title = mine ? t('homework.submit.resubmitTitle') : t('homework.submit.title');
  if (noGroup || !open)
    return (
      <>
        <PageNavBar title={title} onBack={() => navigate(back, { replace: true })} />
        <div className="page-body hw-body">
          <div className="hw-note is-warning" data-testid={noGroup ? 'no-group-note' : 'submit-closed'}>
            <ExclamationCircleOutline />
            <span>
              {noGroup
                ? t('homework.student.noGroup')
                : mine && (mine.state === 4 || mine.state === 5)
                  ? t('homework.submit.graded')
                  : t('homework.student.closed')}
            </span>
          </div>
        </div>
      </>
    );

  return (
    <>
      <PageNavBar title={title} onBack={() => void leave()} />
      <div className="page-body form-page hw-body hw-submit" data-testid="work-submit-form">
        <section className="hw-card hw-submit-head">
          <h1 className="hw-title" data-testid="submit-homework-title">
            {hw.title}
          </h1>
          <p className="muted small" data-testid="submit-deadline">
            {Number(hw.endtime) ? t('homework.deadlineAt', { time: formatTime(Number(hw.endtime)) }) : ''}
            {group && mine?.groupname ? ` · ${mine.groupname}` : ''}
          </p>
          {late ? (
            <div className="hw-note is-warning" data-testid="submit-late-warning">
              <ClockCircleOutline />
              <span>{t('homework.submit.lateWarning')}</span>
            </div>
          ) : null}
          {mine?.state === 3 && mine.returnreason ? (
            <div className="hw-note is-danger" data-testid="submit-return-reason">
              <strong>{t('homework.submission.returnReason')}</strong>
              <span>{mine.returnreason}</span>
            </div>
          ) : null}
          {group ? <p className="muted small">{t('homework.submit.groupHint')}</p> : null}
        </section>

        <div className="form-card">
          {withText ? (
            <div className={`field${answerError ? ' field-invalid' : ''}`}>
              <div className="field-label">
                {t('homework.submit.answer')}
                {answerType === HOMEWORK_ANSWER_TYPES.text ? <span className="required-mark"> *</span> : null}
              </div>
              <RichTextEditor
                value={answer}
                onChange={(html) => {
                  setAnswer(html);
                  setAnswerError(undefined);
                }}
                placeholder={t('homework.submit.answerPlaceholder')}
                height={220}
                testid="submit-answer"
                invalid={Boolean(answerError)}
              />
              <div
                className={`field-hint${length > HOMEWORK_ANSWER_TEXT_MAX ? ' is-over' : ''}`}
                data-testid="submit-answer-count"
              >
                {t('homework.submit.answerHint', { max: HOMEWORK_ANSWER_TEXT_MAX, count: length })}
              </div>
              {answerError ? (
                <div className="field-error" role="alert" data-testid="submit-answer-error">
                  {answerError}
                </div>
              ) : null}
            </div>
          ) : null}
          {withFiles ? (
            <FilePicker
              uploads={uploads}
              label={
                answerType === HOMEWORK_ANSWER_TYPES.attachment ? (
                  <>
                    {t('homework.submit.files')}
                    <span className="required-mark"> *</span>
                  </>
                ) : (
                  t('homework.submit.filesOptional')
                )
              }
              pickLabel={t('homework.submit.addFiles')}
              hint={t(
                answerType === HOMEWORK_ANSWER_TYPES.attachment
                  ? 'homework.submit.filesHint'
                  : 'homework.submit.filesHintOptional',
                {
                  limit: attachmentLimitLabel(Number(user?.isvip ?? 0) > 0),
                },
              )}
              error={filesError}
              errorTestid="submit-files-error"
              onPicked={() => {
                setFilesError(undefined);
                setAnswerError(undefined);
              }}
              kept={kept}
              onRemoveKept={(fid) => setKept((list) => list.filter((k) => k.id !== fid))}
              keptTestid="submit-kept"
              keptNote={t('homework.submit.keptFile')}
              keepOriginal={{ checked: keepOriginal, onChange: setKeepOriginal }}
            />
          ) : null}
          <div className="field">
            <div className="field-label">{t('homework.submit.message')}</div>
            <textarea
              className="hw-textarea"
              value={message}
              onChange={(e) => {
                setMessage(e.target.value);
                setFormError(undefined);
              }}
              maxLength={MESSAGE_MAX}
              rows={3}
              placeholder={withFiles ? t('homework.submit.messagePlaceholder') : t('homework.submit.messagePlaceholderText')}
              aria-label={t('homework.submit.message')}
              data-testid="submit-message"
            />
          </div>
        </div>

        <FormError message={formError} testid="submit-error" />
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={sending}
          disabled={sending}
          onClick={() => void submit()}
          className="submit-button"
          data-testid="submit-send"
        >
          {withFiles && uploads.busy
            ? t('homework.form.waitUpload')
            : mine
              ? t('homework.submit.resubmit')
              : t('homework.submit.send')}
        </Button>
      </div>
    </>
  );
}
