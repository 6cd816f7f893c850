import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Toast } from 'antd-mobile';
import { ClockCircleOutline, CloseOutline, ExclamationCircleOutline, UploadOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../components/dialogs';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useUser } from '../../accounts/authStore';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { useLeaveGuard } from '../../courses/hooks/useLeaveGuard';
import { TypeIcon } from '../../materials/components/TypeIcon';
import { UploadList } from '../../materials/components/UploadList';
import { useUploads } from '../../materials/hooks/useUploads';
import { formatSize, formatTime } from '../../materials/utils';
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

/**
 * /homework/stuWorkSubmit?courseId=&id=: a student hands in (or hands in again) their homework.
 * Attachments are the submission: a message alone is refused with the spec's words (spec 2 §5); a
 * confirmation comes before anything is sent, saying when the work will count as overtime.
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
  const fileInput = useRef<HTMLInputElement>(null);
  // a resubmission starts from the student's own files of the last one (a group member's are theirs to send)
  const [kept, setKept] = useState<WorkFile[]>(() => (mine && user && mine.uid === Number(user.id) ? mine.attachment : []));
  const [message, setMessage] = useState(mine && user && mine.uid === Number(user.id) ? mine.message : '');
  const [filesError, setFilesError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const dirty = uploads.entries.length > 0 || message.trim() !== (mine?.message ?? '').trim();
  const leave = useLeaveGuard(dirty && !sending, back);
  const group = hw.settings.type === 2;
  const noGroup = group && Number(hw.ingroup) === 0;
  const late = Number(hw.late) === 1;
  const open = Number(hw.cansubmit) === 1;

  const submit = async () => {
    setFormError(undefined);
    const fileids = [...kept.map((f) => f.id), ...uploads.done.map((f) => f.id)];
    if (uploads.busy) {
      Toast.show({ content: t('homework.form.stillUploading') });
      return;
    }
    if (fileids.length === 0) {
      // spec 2 §5: homework is submitted as attachments, never in the message alone
      setFilesError(t('validation.homeworkAttachmentRequired'));
      return;
    }
    if (uploads.failed) {
      setFilesError(t('homework.form.uploadFailed'));
      return;
    }
    const ok = await confirmDialog({
      title: mine ? t('homework.submit.confirmResubmitTitle') : t('homework.submit.confirmTitle'),
      content: [
        t('homework.submit.confirmFiles', { count: fileids.length }),
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
      const saved = await homeworkApi.submit(courseId, hw.id, fileids, message.trim());
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
          <div className={`field${filesError ? ' field-invalid' : ''}`}>
            <div className="field-label">
              {t('homework.submit.files')}
              <span className="required-mark"> *</span>
            </div>
            {kept.length > 0 ? (
              <ul className="upload-list" data-testid="submit-kept-files">
                {kept.map((f) => (
                  <li key={f.id} className="upload-row is-done" data-testid="submit-kept-file" data-id={f.id}>
                    <TypeIcon item={{ item_type: 1, contenttype: 2, attachment: [f] }} />
                    <div className="upload-text">
                      <div className="upload-name-line">
                        <span className="upload-name">{f.name}</span>
                        <span className="muted small upload-size">{formatSize(Number(f.size))}</span>
                      </div>
                      <span className="muted small">{t('homework.submit.keptFile')}</span>
                    </div>
                    <button
                      type="button"
                      className="icon-button"
                      onClick={() => setKept((list) => list.filter((k) => k.id !== f.id))}
                      aria-label={t('materials.upload.remove')}
                      data-testid="submit-kept-remove"
                    >
                      <CloseOutline />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <UploadList entries={uploads.entries} onRetry={uploads.retry} onRemove={uploads.remove} />
            <input
              ref={fileInput}
              type="file"
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="upload-input"
              onChange={(e) => {
                const chosen = Array.from(e.target.files ?? []);
                e.target.value = '';
                if (chosen.length) {
                  uploads.add(chosen);
                  setFilesError(undefined);
                }
              }}
            />
            <Button
              block
              shape="rounded"
              fill="outline"
              color="primary"
              className="upload-pick"
              onClick={() => fileInput.current?.click()}
              data-testid="upload-pick"
            >
              <UploadOutline /> {t('homework.submit.addFiles')}
            </Button>
            <Checkbox
              className="hw-keep-original"
              checked={keepOriginal}
              onChange={setKeepOriginal}
              data-testid="keep-original"
            >
              {t('homework.submit.keepOriginal')}
            </Checkbox>
            <div className="field-hint">{t('homework.submit.filesHint', { limit: attachmentLimitLabel(Number(user?.isvip ?? 0) > 0) })}</div>
            {filesError ? (
              <div className="field-error" role="alert" data-testid="submit-files-error">
                {filesError}
              </div>
            ) : null}
          </div>
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
              placeholder={t('homework.submit.messagePlaceholder')}
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
          {uploads.busy ? t('homework.form.waitUpload') : mine ? t('homework.submit.resubmit') : t('homework.submit.send')}
        </Button>
      </div>
    </>
  );
}
