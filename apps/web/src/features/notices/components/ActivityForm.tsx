import { CONTENT_TITLE_MAX, contentInput } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, List, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { isRichTextEmpty } from '../../../components/richText';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { useFormErrors } from '../../../lib/useFormErrors';
import { validate } from '../../../lib/validation';
import { QueryFailed } from '../../courses/components/CourseGate';
import { formatTime } from '../../courses/pages/EnrollReviewPage';
import type { CourseInfo } from '../../courses/types';
import { activityApi } from '../api';
import { useActivityDetail } from '../hooks/useActivityDetail';
import type { ActivityItem, PublishMode } from '../types';
import { earliestSchedule } from '../utils';

export interface ActivityFormProps {
  info: CourseInfo;
  contenttype: 5 | 7;
  /** the item to edit; null writes a new one */
  editId: number | null;
  /** teachers may schedule or keep a draft; a student's topic is published at once */
  canSchedule: boolean;
  /** test ids: `<prefix>-title-input`, `<prefix>-editor`, `<prefix>-submit`, ... */
  prefix: 'notice' | 'topic';
  /** notices may not be empty (spec 2 §5, §8): the message key when the body says nothing */
  emptyBody?: string;
  titlePlaceholder: string;
  bodyPlaceholder: string;
  /** the detail query key of the item being edited, shared with its page */
  detailKey: readonly unknown[];
  /** every query of the area, refreshed after a save */
  areaKey: readonly unknown[];
  onSaved: (item: ActivityItem) => void;
}

/**
 * Writes or edits a notice or topic: a title, a rich-text body and, for a new item of a teacher,
 * when to publish it (now, at a time, or kept as a draft). Empty fields are refused before
 * anything is sent; the server's refusal shows in the form.
 */
export function ActivityForm(props: ActivityFormProps) {
  const { t } = useTranslation();
  const detail = useActivityDetail(props.info.id, props.editId, props.detailKey);
  if (props.editId === null) return <FormBody {...props} initial={null} />;
  if (detail.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (detail.isError) return <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  return <FormBody {...props} initial={detail.data} />;
}

const MODES: PublishMode[] = [1, 2, 0];

function FormBody({
  info,
  contenttype,
  editId,
  canSchedule,
  prefix,
  emptyBody,
  titlePlaceholder,
  bodyPlaceholder,
  areaKey,
  onSaved,
  initial,
}: ActivityFormProps & { initial: ActivityItem | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.content ?? '');
  const [mode, setMode] = useState<PublishMode>(1);
  const [time, setTime] = useState<Date | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const editing = editId !== null;
  const scheduling = canSchedule && !editing;

  const submit = async () => {
    setFormError(undefined);
    const publishTime = mode === 2 && time ? Math.floor(time.getTime() / 1000) : 0;
    const checked = validate(contentInput, { courseid: info.id, contenttype, title, content: body, publish: mode });
    const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    if (emptyBody && isRichTextEmpty(body)) errors.content = emptyBody;
    if (scheduling && mode === 2 && (!time || time.getTime() <= Date.now())) errors.publish_time = 'validation.timePast';
    if (Object.keys(errors).length > 0) {
      setErrors(errors);
      return;
    }
    setSaving(true);
    try {
      const saved = editing
        ? await activityApi.edit({ courseid: info.id, id: editId, title: title.trim(), content: body, fileids: [] })
        : await activityApi.add({
            courseid: info.id,
            contenttype,
            title: title.trim(),
            content: body,
            fileids: [],
            publish: scheduling ? mode : 1,
            publish_time: scheduling ? publishTime : 0,
            endtime: 0,
          });
      const state = Number(saved.publishState);
      Toast.show({
        content: editing
          ? t('notices.form.saved')
          : state === 0
            ? t('notices.form.draftSaved')
            : state === 1
              ? t('notices.form.scheduledFor', { time: formatTime(Number(saved.publish_time)) })
              : t('notices.form.published'),
      });
      await queryClient.invalidateQueries({ queryKey: areaKey });
      onSaved(saved);
    } catch (e) {
      // an empty notice, a closed topic (30402), a time in the past: said here, in the form
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const submitText = editing
    ? t('notices.form.save')
    : !scheduling || mode === 1
      ? t('notices.form.publish')
      : mode === 2
        ? t('notices.form.schedule')
        : t('notices.form.saveDraft');

  const bodyError = fieldError('content');
  const timeError = fieldError('publish_time');

  return (
    <div className="page-body form-page activity-form" data-testid={`${prefix}-form`}>
      <div className="form-card">
        <TextField
          testid={`${prefix}-title-input`}
          label={t('notices.form.title')}
          placeholder={titlePlaceholder}
          value={title}
          maxLength={CONTENT_TITLE_MAX}
          onChange={(v) => {
            setTitle(v);
            clearError('title');
          }}
          error={fieldError('title')}
        />
        <div className={`field${bodyError ? ' field-invalid' : ''}`}>
          <div className="field-label">{t('notices.form.body')}</div>
          <RichTextEditor
            value={body}
            onChange={(html) => {
              setBody(html);
              clearError('content');
            }}
            placeholder={bodyPlaceholder}
            testid={`${prefix}-editor`}
            invalid={Boolean(bodyError)}
          />
          {bodyError ? (
            <div className="field-error" role="alert" data-testid={`${prefix}-body-error`}>
              {bodyError}
            </div>
          ) : null}
        </div>
        {scheduling ? (
          <div className="field">
            <div className="field-label">{t('notices.form.when')}</div>
            <Selector
              className="publish-modes"
              columns={3}
              value={[mode]}
              onChange={(v) => {
                if (v.length === 0) return;
                setMode(v[0]!);
                clearError('publish_time');
              }}
              options={MODES.map((m) => ({
                value: m,
                label: <span data-testid={`${prefix}-mode-${m}`}>{t(`notices.form.mode${m}`)}</span>,
              }))}
            />
            {mode === 2 ? (
              <List className="picker-list publish-time">
                <List.Item
                  onClick={() => setPickerOpen(true)}
                  arrowIcon
                  extra={time ? formatTime(Math.floor(time.getTime() / 1000)) : t('notices.form.pickTime')}
                  data-testid={`${prefix}-time`}
                >
                  {t('notices.form.publishAt')}
                </List.Item>
              </List>
            ) : null}
            {timeError ? (
              <div className="field-error" role="alert" data-testid={`${prefix}-time-error`}>
                {timeError}
              </div>
            ) : null}
            <DatePicker
              visible={pickerOpen}
              precision="minute"
              min={earliestSchedule()}
              max={new Date(Date.now() + 366 * 24 * 3600 * 1000)}
              value={time ?? earliestSchedule()}
              title={t('notices.form.publishAt')}
              confirmText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onClose={() => setPickerOpen(false)}
              onConfirm={(value) => {
                setTime(value);
                clearError('publish_time');
              }}
            />
          </div>
        ) : null}
      </div>
      <FormError message={formError} testid={`${prefix}-form-error`} />
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        loading={saving}
        disabled={saving}
        onClick={() => void submit()}
        className="submit-button"
        data-testid={`${prefix}-submit`}
      >
        {submitText}
      </Button>
    </div>
  );
}
