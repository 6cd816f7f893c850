import { CONTENT_TITLE_MAX, contentInput } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Selector, Switch, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { PageNavBar } from '../../../components/PageNavBar';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { refusedField, useFormErrors } from '../../../lib/useFormErrors';
import { validate } from '../../../lib/validation';
import { useUser } from '../../accounts/authStore';
import { CourseGate } from '../../courses/components/CourseGate';
import { OptionPicker } from '../../courses/components/OptionPicker';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { useLeaveGuard } from '../../courses/hooks/useLeaveGuard';
import type { CourseInfo } from '../../courses/types';
import { materialKeys, materialsApi } from '../api';
import { DateTimeField } from '../../../components/DateTimeField';
import { FilePicker } from '../components/FilePicker';
import { useContentList, useDirectories } from '../hooks/useContent';
import { useUploads } from '../hooks/useUploads';
import '../materials.css';
import { RequiredLabel } from '../../../components/RequiredLabel';
import { attachmentLimitLabel } from '../../../lib/upload';
import { dataIndexPath } from '../paths';
import type { ContentBody } from '../types';
import { fromLocalInput, isFolder, sameFamily, toLocalInput } from '../utils';

type DataType = 2 | 9 | 10;
type PublishMode = 0 | 1 | 2;

/**
 * /addActivity/data?courseId=&courseRole=&dataType=2|9|10: a new material: files sent by the
 * chunked upload with their progress (2), a MOOC video (9) or an external link (10); who may
 * download, folder, directory, publish now, at a time or keep as a draft, and an end time.
 */
export default function AddDataPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const raw = Number(params.get('dataType'));
  const dataType: DataType = raw === 9 || raw === 10 ? raw : 2;
  return (
    <div className="page materials-page" data-testid="add-data-page">
      {/* the form draws its own bar, whose back asks before throwing input away */}
      {info.isSuccess && hasAbility(info.data, 'manageContent') ? null : (
        <PageNavBar title={t(`materials.form.title.${dataType}`)} />
      )}
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => <AddDataForm info={course} dataType={dataType} />}
      </CourseGate>
    </div>
  );
}

function AddDataForm({ info, dataType }: { info: CourseInfo; dataType: DataType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const courseId = info.id;
  const listPath = dataIndexPath(courseId, 1);
  const uploads = useUploads({ isVip: Number(user?.isvip ?? 0) > 0, videoOnly: dataType === 9 });
  // only folders the server files this kind in (see sameFamily)
  const folders = useContentList(courseId, 2, 0).items.filter((f) => isFolder(f) && sameFamily(f.contenttype, dataType));
  const directories = useDirectories(courseId).data ?? [];

  const [title, setTitle] = useState('');
  const [link, setLink] = useState('');
  const [downloadable, setDownloadable] = useState(true);
  const [folderId, setFolderId] = useState('0');
  const [dirId, setDirId] = useState('0');
  const [publish, setPublish] = useState<PublishMode>(1);
  const [publishAt, setPublishAt] = useState('');
  const [endAt, setEndAt] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();

  const dirty = title.trim() !== '' || link.trim() !== '' || uploads.entries.length > 0;
  const leave = useLeaveGuard(dirty && !submitting, listPath);
  const withFiles = dataType !== 10;

  const submit = async () => {
    setFormError(undefined);
    const body: ContentBody = {
      courseid: courseId,
      contenttype: dataType,
      title,
      fileids: uploads.done.map((f) => f.id),
      link: dataType === 10 ? link.trim() : '',
      downloadable: downloadable ? 1 : 0,
      folderid: Number(folderId),
      dirid: Number(folderId) ? 0 : Number(dirId),
      publish,
      publish_time: publish === 2 ? fromLocalInput(publishAt) : 0,
      endtime: fromLocalInput(endAt),
    };
    const checked = validate(contentInput, body);
    const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    if (dataType === 10 && !errors.link && !/^https?:\/\/\S+/i.test(body.link)) errors.link = 'validation.link';
    if (withFiles && body.fileids.length === 0 && !uploads.busy) errors.files = 'validation.filesRequired';
    const now = Date.now() / 1000;
    if (publish === 2 && !body.publish_time) errors.publish_time = 'materials.form.publishTimeRequired';
    else if (publish === 2 && body.publish_time <= now) errors.publish_time = 'validation.timePast';
    if (body.endtime && body.endtime <= now) errors.endtime = 'validation.timePast';
    else if (body.endtime && publish === 2 && body.publish_time && body.endtime <= body.publish_time)
      errors.endtime = 'validation.endBeforePublish';
    if (Object.keys(errors).length > 0) {
      setErrors(errors);
      const first = ['title', 'link', 'files', 'publish_time', 'endtime'].find((f) => errors[f]);
      Toast.show({ content: t(errors[first ?? Object.keys(errors)[0]!]!) });
      return;
    }
    if (uploads.busy) {
      Toast.show({ content: t('materials.form.stillUploading') });
      return;
    }
    if (uploads.failed) {
      setErrors({ files: 'materials.form.uploadFailed' });
      Toast.show({ content: t('materials.form.uploadFailed') });
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await materialsApi.add(body);
      await queryClient.invalidateQueries({ queryKey: materialKeys.all(courseId) });
      Toast.show({
        content:
          publish === 1
            ? t('materials.form.published')
            : publish === 2
              ? t('materials.form.scheduled')
              : t('materials.form.drafted'),
      });
      navigate(listPath, { replace: true });
    } catch (e) {
      // the server's refusal of a time goes under its field (it checks the publish time first)
      const refused = refusedField(e, [
        ['validation.timePast', publish === 2 ? 'publish_time' : 'endtime'],
        ['validation.endBeforePublish', 'endtime'],
      ]);
      if (refused) setErrors({ [refused.field]: refused.key });
      else setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const folderOptions = [
    { value: '0', label: t('materials.form.noFolder') },
    ...folders.map((f) => ({ value: String(f.id), label: f.title })),
  ];
  const dirOptions = [
    { value: '0', label: t('materials.form.noDirectory') },
    ...directories.map((d) => ({ value: String(d.id), label: d.title })),
  ];
  // the wheels start a minute from now: the server refuses a time already past
  const soon = toLocalInput(Math.floor(Date.now() / 1000) + 60);
  const submitLabel =
    publish === 1 ? t('materials.form.publishNow') : publish === 2 ? t('materials.form.schedule') : t('materials.form.saveDraft');

  return (
    <>
      <PageNavBar title={t(`materials.form.title.${dataType}`)} onBack={() => void leave()} />
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
            testid="material-title"
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
          {dataType === 10 ? (
            <TextField
              testid="material-link"
              label={<RequiredLabel text={t('materials.form.link')} />}
              value={link}
              onChange={(v) => {
                setLink(v);
                clearError('link');
              }}
              placeholder="https://"
              maxLength={500}
              error={fieldError('link')}
            />
          ) : null}
        </div>

        {withFiles ? (
          <div className="form-card">
            <FilePicker
              uploads={uploads}
              label={<RequiredLabel text={dataType === 9 ? t('materials.form.video') : t('materials.form.files')} />}
              multiple={dataType === 2}
              accept={dataType === 9 ? 'video/*' : undefined}
              pickLabel={uploads.entries.length ? t('materials.form.addMore') : t('materials.form.pick')}
              hint={
                dataType === 9
                  ? t('materials.form.videoHint')
                  : t('materials.form.filesHint', { limit: attachmentLimitLabel(Number(user?.isvip ?? 0) > 0) })
              }
              error={fieldError('files')}
              errorTestid="files-error"
              onPicked={() => clearError('files')}
            />
            <div className="field switch-field">
              <div className="switch-text">
                <div className="field-label">{t('materials.form.downloadable')}</div>
                <div className="field-hint">{t('materials.form.downloadableHint')}</div>
              </div>
              <Switch
                checked={downloadable}
                onChange={setDownloadable}
                data-testid="material-downloadable"
                aria-label={t('materials.form.downloadable')}
              />
            </div>
          </div>
        ) : null}

        <div className="form-card">
          <OptionPicker
            testid="material-folder"
            label={t('materials.form.folder')}
            placeholder={t('materials.form.noFolder')}
            options={folderOptions}
            value={folderId}
            onChange={setFolderId}
          />
          {Number(folderId) ? (
            <div className="field">
              <div className="field-label">{t('materials.form.directory')}</div>
              <div className="field-hint">{t('materials.form.directoryFollowsFolder')}</div>
            </div>
          ) : (
            <OptionPicker
              testid="material-directory"
              label={t('materials.form.directory')}
              placeholder={t('materials.form.noDirectory')}
              options={dirOptions}
              value={dirId}
              onChange={setDirId}
            />
          )}
        </div>

        <div className="form-card">
          <div className="field">
            <div className="field-label">{t('materials.form.publish')}</div>
            <Selector
              className="course-selector"
              columns={3}
              value={[publish]}
              onChange={(v) => {
                if (v[0] !== undefined) setPublish(v[0]);
                clearError('publish_time');
              }}
              options={([1, 2, 0] as const).map((v) => ({
                value: v,
                label: <span data-testid={`material-publish-${v}`}>{t(`materials.form.publishMode.${v}`)}</span>,
              }))}
            />
          </div>
          {publish === 2 ? (
            <DateTimeField
              testid="material-publish-time"
              label={<RequiredLabel text={t('materials.form.publishTime')} />}
              value={publishAt}
              min={soon}
              onChange={(v) => {
                setPublishAt(v);
                clearError('publish_time');
              }}
              error={fieldError('publish_time')}
            />
          ) : null}
          <DateTimeField
            testid="material-end-time"
            label={t('materials.form.endTime')}
            value={endAt}
            min={publish === 2 && publishAt > soon ? publishAt : soon}
            clearable
            onChange={(v) => {
              setEndAt(v);
              clearError('endtime');
            }}
            error={fieldError('endtime')}
            hint={t('materials.form.endTimeHint')}
          />
        </div>

        <FormError message={formError} testid="material-error" />
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={submitting}
          disabled={submitting}
          className="submit-button"
          data-testid="material-submit"
        >
          {uploads.busy ? t('materials.form.waitUpload') : submitLabel}
        </Button>
      </form>
    </>
  );
}
