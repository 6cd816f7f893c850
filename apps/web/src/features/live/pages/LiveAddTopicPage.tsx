import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { topicKeys } from '../../topics/api';
import { liveApi, liveKeys } from '../api';
import { LiveClassFrame } from './LiveClassFrame';

/** plain text as the rich text a topic carries: each line a paragraph, nothing of it read as markup */
const asParagraphs = (text: string) =>
  text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
    .join('');

/**
 * /onlineLive/addTopic?courseId=&courseRole=&id= (spec 2 §2; decision 040): a discussion topic raised
 * during the live: a topic of the course (content type 5), listed under the live and announced to
 * everyone watching it; the teacher's, or a student's where the course lets students start topics.
 */
export default function LiveAddTopicPage() {
  const { t } = useTranslation();
  return (
    <LiveClassFrame testId="live-add-topic-page" title={t('live.class.addTopicTitle')}>
      {(course, id, { backToLive }) => <TopicForm courseId={course.id} id={id} backToLive={backToLive} />}
    </LiveClassFrame>
  );
}

function TopicForm({ courseId, id, backToLive }: { courseId: number; id: number; backToLive: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const add = useMutation({
    mutationFn: () => liveApi.addTopic(courseId, id, title, asParagraphs(body)),
    onSuccess: (live) => {
      queryClient.setQueryData(liveKeys.info(courseId, id), live);
      void queryClient.invalidateQueries({ queryKey: topicKeys.all(courseId) });
      Toast.show({ content: t('live.class.topicAdded') });
      navigate(backToLive, { replace: true });
    },
    onError: showApiError,
  });
  return (
    <form
      className="page-body live-topic-form"
      data-testid="live-topic-form"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate();
      }}
    >
      <p className="small muted">{t('live.class.addTopicTip')}</p>
      <label className="field-label" htmlFor="live-topic-title">
        {t('live.class.topicTitle')}
      </label>
      <Input
        id="live-topic-title"
        value={title}
        onChange={setTitle}
        maxLength={100}
        placeholder={t('topics.form.titlePlaceholder')}
        data-testid="live-topic-title"
        className="form-card"
      />
      <label className="field-label" htmlFor="live-topic-body">
        {t('live.class.topicBody')}
      </label>
      <TextArea
        id="live-topic-body"
        value={body}
        onChange={setBody}
        maxLength={2000}
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder={t('topics.form.bodyPlaceholder')}
        data-testid="live-topic-body"
        className="form-card"
      />
      <Button block type="submit" color="primary" shape="rounded" loading={add.isPending} data-testid="live-topic-submit">
        {t('live.class.topicSubmit')}
      </Button>
    </form>
  );
}
