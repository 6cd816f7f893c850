import { CONTENT_TITLE_MAX, CONTENT_TYPES, contentCalls, contentInput, isCoursewareName } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Selector, Switch, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { PageNavBar } from '../../../components/PageNavBar';
import { RequiredLabel } from '../../../components/RequiredLabel';
import { TextField } from '../../../components/TextField';
import { call, errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { attachmentLimitLabel } from '../../../lib/upload';
import { useFormErrors } from '../../../lib/useFormErrors';
import { validate } from '../../../lib/validation';
import { useUser } from '../../accounts/authStore';
import { CourseGate } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { useLeaveGuard } from '../../courses/hooks/useLeaveGuard';
import type { CourseInfo } from '../../courses/types';
import { FilePicker } from '../../materials/components/FilePicker';
import { useUploads } from '../../materials/hooks/useUploads';
import '../../materials/materials.css';
import { coursewareKeys } from '../api';
import { coursewarePath } from '../paths';
import '../courseware.css';

/**
 * /addActivity/courseware?courseId=&courseRole=1: a new interactive courseware — a title and one PPT,
 * PPTX or PDF sent by the chunked upload with its progress; published now or kept as a draft. The
 * server converts it into slides at once; the teacher lands on its page and watches the conversion.
 */
export default function AddCoursewarePage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  return (
    <div className="page materials-page cw-page" data-testid="add-courseware-page">
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => <AddCoursewareForm info={course} />}
      </CourseGate>
      {info.isSuccess ? null : <PageNavBar title={t('courseware.form.title')} />}
    </div>
  );
}

function AddCoursewareForm({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const courseId = info.id;
  const uploads = useUploads({ isVip: Number(user?.isvip ?? 0) > 0, videoOnly: false });
  const [title, setTitle] = useState('');
  const [downloadable, setDownloadable] = useState(true);
  const [publish, setPublish] = useState<0 | 1>(1);
  const [submitting, setSubmitting] = useState(false);
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();
  const dirty = title.trim() !== '' || uploads.entries.length > 0;
  const leave = useLeaveGuard(dirty && !submitting, coursewarePath(courseId, 1));

  const submit = async () => {
    setFormError(undefined);
    const done = uploads.done;
    const body = {
      courseid: courseId,
      contenttype: CONTENT_TYPES.courseware,
      title,
      fileids: done.map((f) => f.id),
      downloadable: downloadable ? 1 : 0,
      publish,
    };
    const checked = validate(contentInput, body);
    const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    const picked = uploads.entries.filter((e) => e.status !== 'refused');
    if (!uploads.busy && (done.length !== 1 || !isCoursewareName(done[0]!.name)) && !errors.files)
      errors.files = 'validation.coursewareFile';
    if (picked.length > 1) errors.files = 'validation.coursewareFile';
    if (Object.keys(errors).length > 0) {
      setErrors(errors);
      const first = ['title', 'files'].find((f) => errors[f]);
      Toast.show({ content: t(errors[first ?? Object.keys(errors)[0]!]!) });
      return;
    }
    if (uploads.busy) {
      Toast.show({ content: t('materials.form.stillUploading') });
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const item = await call(contentCalls.addContent, body);
      await queryClient.invalidateQueries({ queryKey: coursewareKeys.list(courseId) });
      Toast.show({ content: publish ? t('materials.form.published') : t('materials.form.drafted') });
      navigate(coursewarePath(courseId, 1, item.id), { replace: true });
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <PageNavBar title={t('courseware.form.title')} onBack={() => void leave()} />
      <form
        className="page-body form-page material-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="form-card">
          <TextField
            testid="cw-title"
            label={<RequiredLabel text={t('materials.form.name')} />}
            value={title}
            onChange={(v) => {
              setTitle(v);
              clearError('title');
            }}
            placeholder={t('materials.form.titlePlaceholder')}
            maxLength={CONTENT_TITLE_MAX}
            error={fieldError('title')}
          />
        </div>
        <div className="form-card">
          <FilePicker
            uploads={uploads}
            label={<RequiredLabel text={t('courseware.form.file')} />}
            multiple={false}
            accept=".ppt,.pptx,.pdf,application/pdf,application/vnd.ms-powerpoint,application/vnd.openxmlformats-officedocument.presentationml.presentation"
            pickLabel={t('materials.form.pick')}
            hint={t('courseware.form.fileHint', { limit: attachmentLimitLabel(Number(user?.isvip ?? 0) > 0) })}
            error={fieldError('files')}
            errorTestid="cw-file-error"
            onPicked={() => clearError('files')}
          />
          <div className="field switch-field">
            <div className="switch-text">
              <div className="field-label">{t('materials.form.downloadable')}</div>
              <div className="field-hint">{t('courseware.form.downloadableHint')}</div>
            </div>
            <Switch
              checked={downloadable}
              onChange={setDownloadable}
              data-testid="cw-downloadable"
              aria-label={t('materials.form.downloadable')}
            />
          </div>
        </div>
        <div className="form-card">
          <div className="field">
            <div className="field-label">{t('materials.form.publish')}</div>
            <Selector
              className="course-selector"
              columns={2}
              value={[publish]}
              onChange={(v) => {
                if (v[0] !== undefined) setPublish(v[0]);
              }}
              options={([1, 0] as const).map((v) => ({
                value: v,
                label: <span data-testid={`cw-publish-${v}`}>{t(`materials.form.publishMode.${v}`)}</span>,
              }))}
            />
          </div>
        </div>
        <FormError message={formError} testid="cw-form-error" />
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={submitting}
          disabled={submitting}
          className="submit-button"
          data-testid="cw-submit"
        >
          {uploads.busy
            ? t('materials.form.waitUpload')
            : publish
              ? t('materials.form.publishNow')
              : t('materials.form.saveDraft')}
        </Button>
      </form>
    </>
  );
}
