import { CONTENT_TITLE_MAX, meetingCreateInput } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, List, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { refusedField, useFormErrors } from '../../../lib/useFormErrors';
import { validate } from '../../../lib/validation';
import { retryNetworkOnly } from '../../courses/api';
import { OptionPicker } from '../../courses/components/OptionPicker';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { useDirectories } from '../../materials/hooks/useContent';
import { parseItemId, roleOf } from '../../notices/utils';
import { type Meeting, meetingApi, meetingKeys, meetingPath, meetingTime } from '../api';
import { type CoverChoice, MeetingCoverPicker } from '../MeetingCover';
import '../meetings.css';

/**
 * /addActivity/conference?courseId= (new) and /editConference?courseId=&id= (edit): a meeting's
 * name, start and end, application link, meeting number, description, chapter and cover (spec 2 §3 Meeting). The
 * name is required and the end may not be before the start (spec 2 §5): checked here, and again
 * by the server, whose refusal shows in the form.
 */
export default function MeetingFormPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const editId = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId ? meetingPath('list', courseId, 1) : undefined);
  return (
    <div className="page meetings-page" data-testid="meeting-form-page">
      <PageNavBar title={editId ? t('meetings.editTitle') : t('meetings.newTitle')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => (editId ? <EditLoader course={course} id={editId} /> : <MeetingForm course={course} initial={null} />)}
      </CourseGate>
    </div>
  );
}

function EditLoader({ course, id }: { course: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: meetingKeys.detail(course.id, id),
    queryFn: () => meetingApi.detail(course.id, id),
    retry: retryNetworkOnly,
  });
  if (detail.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (detail.isError) return <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  return <MeetingForm course={course} initial={detail.data} />;
}

const hourFromNow = () => {
  const d = new Date(Date.now() + 3600_000);
  d.setMinutes(0, 0, 0);
  return d;
};

function MeetingForm({ course, initial }: { course: CourseInfo; initial: Meeting | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [start, setStart] = useState<Date>(initial ? new Date(initial.start_time * 1000) : hourFromNow());
  const [end, setEnd] = useState<Date>(
    initial ? new Date(initial.end_time * 1000) : new Date(hourFromNow().getTime() + 3600_000),
  );
  const [link, setLink] = useState(initial?.link ?? '');
  const [meetingNo, setMeetingNo] = useState(initial?.meeting_no ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [dirId, setDirId] = useState(String(initial?.dirid ?? 0));
  const [cover, setCover] = useState<CoverChoice | null>(initial?.cover ? { id: initial.cover, url: initial.cover_url } : null);
  const directories = useDirectories(course.id).data ?? [];
  const [picking, setPicking] = useState<'start' | 'end' | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setFormError(undefined);
    const body = {
      courseid: course.id,
      title,
      start_time: Math.floor(start.getTime() / 1000),
      end_time: Math.floor(end.getTime() / 1000),
      link,
      meeting_no: meetingNo,
      description,
      dirid: Number(dirId),
      // 0 removes the cover; the meeting's own is kept as it is
      cover: cover?.id ?? 0,
    };
    const checked = validate(meetingCreateInput, body);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      const saved = initial ? await meetingApi.edit({ ...body, id: initial.id }) : await meetingApi.add(body);
      Toast.show({ content: initial ? t('meetings.saved') : t('meetings.created') });
      await queryClient.invalidateQueries({ queryKey: meetingKeys.all(course.id) });
      navigate(meetingPath('detail', course.id, roleOf(course), saved.id), { replace: true });
    } catch (e) {
      // the server's refusal of the cover goes under the picture
      const refused = refusedField(e, [
        ['validation.meetingCover', 'cover'],
        ['validation.meetingCoverNotYours', 'cover'],
        ['validation.meetingCoverNotImage', 'cover'],
        ['validation.meetingCoverTooLarge', 'cover'],
      ]);
      if (refused) setErrors({ [refused.field]: errorMessage(e) });
      else if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const timeError = fieldError('end_time') ?? fieldError('start_time');
  return (
    <div className="page-body form-page" data-testid="meeting-form">
      <div className="form-card">
        <TextField
          testid="meeting-title-input"
          label={t('meetings.form.name')}
          placeholder={t('meetings.form.namePlaceholder')}
          value={title}
          maxLength={CONTENT_TITLE_MAX}
          onChange={(v) => {
            setTitle(v);
            clearError('title');
          }}
          error={fieldError('title')}
        />
        <List className="picker-list meeting-times">
          <List.Item
            arrowIcon
            onClick={() => setPicking('start')}
            extra={meetingTime(start.getTime() / 1000)}
            data-testid="meeting-start"
          >
            {t('meetings.form.start')}
          </List.Item>
          <List.Item
            arrowIcon
            onClick={() => setPicking('end')}
            extra={meetingTime(end.getTime() / 1000)}
            data-testid="meeting-end"
          >
            {t('meetings.form.end')}
          </List.Item>
        </List>
        {timeError ? (
          <div className="field-error" role="alert" data-testid="meeting-time-error">
            {timeError}
          </div>
        ) : null}
        <TextField
          testid="meeting-link-input"
          label={t('meetings.form.link')}
          placeholder="https://meeting.tencent.com/dm/…"
          value={link}
          maxLength={500}
          onChange={(v) => {
            setLink(v);
            clearError('link');
          }}
          error={fieldError('link')}
        />
        <TextField
          testid="meeting-number-input"
          label={t('meetings.form.number')}
          placeholder={t('meetings.form.numberPlaceholder')}
          inputMode="numeric"
          value={meetingNo}
          maxLength={40}
          onChange={(v) => {
            setMeetingNo(v);
            clearError('meeting_no');
          }}
          error={fieldError('meeting_no')}
        />
        <div className="field">
          <div className="field-label">{t('meetings.form.description')}</div>
          <TextArea
            data-testid="meeting-description-input"
            value={description}
            maxLength={2000}
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('meetings.form.descriptionPlaceholder')}
            onChange={setDescription}
          />
        </div>
        <MeetingCoverPicker
          value={cover}
          onChange={(next) => {
            setCover(next);
            clearError('cover');
          }}
          error={fieldError('cover')}
        />
        <OptionPicker
          testid="meeting-directory"
          label={t('meetings.form.directory')}
          placeholder={t('materials.form.noDirectory')}
          options={[
            { value: '0', label: t('materials.form.noDirectory') },
            ...directories.map((d) => ({ value: String(d.id), label: d.title })),
          ]}
          value={dirId}
          onChange={(v) => {
            setDirId(v);
            clearError('dirid');
          }}
          error={fieldError('dirid')}
        />
      </div>
      <FormError message={formError} testid="meeting-form-error" />
      <Button block color="primary" size="large" loading={saving} onClick={() => void submit()} data-testid="meeting-submit">
        {initial ? t('meetings.form.save') : t('meetings.form.create')}
      </Button>
      <DatePicker
        visible={picking !== null}
        precision="minute"
        value={picking === 'end' ? end : start}
        onClose={() => setPicking(null)}
        onConfirm={(v) => {
          if (picking === 'start') setStart(v);
          else setEnd(v);
          clearError('end_time');
          clearError('start_time');
        }}
      />
    </div>
  );
}
