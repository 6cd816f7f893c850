import { meetingVideoInput } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import EmptyBlock from '../../../components/EmptyBlock';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { useFormErrors } from '../../../lib/useFormErrors';
import { validate } from '../../../lib/validation';
import { retryNetworkOnly } from '../../courses/api';
import { QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility } from '../../courses/hooks/useCourseInfo';
import type { CourseInfo } from '../../courses/types';
import { meetingApi, meetingKeys, meetingTime } from '../api';
import { MeetingPage } from '../components';
import '../meetings.css';

/**
 * /conference/videoList?courseId=&id=: a meeting's replays. Teachers add one by name and address
 * (spec 2 §5: both required) and take one out after a confirmation; members open them.
 */
export default function MeetingVideosPage() {
  const { t } = useTranslation();
  return (
    <MeetingPage title={t('meetings.videosTitle')} testid="meeting-videos-page">
      {(course, id) => <Videos course={course} id={id} />}
    </MeetingPage>
  );
}

function Videos({ course, id }: { course: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const manager = hasAbility(course, 'manageContent');
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [saving, setSaving] = useState(false);
  const detail = useQuery({
    queryKey: meetingKeys.detail(course.id, id),
    queryFn: () => meetingApi.detail(course.id, id),
    retry: retryNetworkOnly,
  });
  if (detail.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (detail.isError) return <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: meetingKeys.all(course.id) });

  const add = async () => {
    setFormError(undefined);
    const checked = validate(meetingVideoInput, { courseid: course.id, id, title, url });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      await meetingApi.addVideo(course.id, id, title.trim(), url.trim());
      setTitle('');
      setUrl('');
      Toast.show({ content: t('meetings.videoAdded') });
      await refresh();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  const remove = async (videoid: string, name: string) => {
    const ok = await confirmDialog({
      content: t('meetings.videoRemoveConfirm', { name }),
      danger: true,
      testid: 'meeting-video-remove',
    }).result;
    if (!ok) return;
    try {
      await meetingApi.delVideo(course.id, id, videoid);
      await refresh();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) Toast.show({ content: errorMessage(e) });
    }
  };

  const videos = detail.data.videos;
  return (
    <div className="page-body">
      {videos.length === 0 ? (
        <div data-testid="meeting-videos-empty">
          <EmptyBlock status="empty" title={t('meetings.videosEmpty')} description="" />
        </div>
      ) : (
        <List className="meeting-videos">
          {videos.map((v) => (
            <List.Item
              key={v.id}
              data-testid="meeting-video"
              description={meetingTime(v.createtime)}
              extra={
                manager ? (
                  <Button
                    size="mini"
                    color="danger"
                    fill="none"
                    data-testid="meeting-video-remove"
                    onClick={() => void remove(v.id, v.title)}
                  >
                    {t('meetings.videoRemove')}
                  </Button>
                ) : null
              }
            >
              <a href={v.url} target="_blank" rel="noopener noreferrer" data-testid="meeting-video-link">
                {v.title}
              </a>
            </List.Item>
          ))}
        </List>
      )}
      {manager ? (
        <div className="form-card meeting-video-form" data-testid="meeting-video-form">
          <TextField
            testid="meeting-video-title"
            label={t('meetings.videoName')}
            value={title}
            maxLength={100}
            onChange={(v) => {
              setTitle(v);
              clearError('title');
            }}
            error={fieldError('title')}
          />
          <TextField
            testid="meeting-video-url"
            label={t('meetings.videoUrl')}
            placeholder="https://"
            value={url}
            maxLength={500}
            onChange={(v) => {
              setUrl(v);
              clearError('url');
            }}
            error={fieldError('url')}
          />
          <FormError message={formError} testid="meeting-video-error" />
          <Button block color="primary" loading={saving} onClick={() => void add()} data-testid="meeting-video-add">
            {t('meetings.videoAdd')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
