import { Button, ErrorBlock, Skeleton, Tag, Toast } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../materials/utils';
import { LoadMoreButton } from '../../members/components/LoadMoreButton';
import { parseItemId } from '../../notices/utils';
import { homeworkApi } from '../api';
import { useHomework, useOwners, useRefreshHomework } from '../hooks/useHomework';
import { homeworkPath } from '../paths';
import type { Homework, Member } from '../types';
import '../../notices/notices.css';
import '../homework.css';

/** spec 2 §4 filter "not submitted" */
const NOT_SUBMITTED = 1;

/**
 * /homework/call?courseId=&id=: expedite the homework: everyone (or every group) who has not
 * submitted, with "remind all" and a reminder for each student; a reminded student gets a message
 * notice and shows as expedited (spec 2 §4).
 */
export default function CallPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId && id ? homeworkPath(courseId, 1, id) : undefined);
  return (
    <div className="page hw-page" data-testid="call-page">
      <PageNavBar title={t('homework.call.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => (id === null ? <LoadFailed message={t('homework.notFound')} /> : <CallBody courseId={course.id} id={id} />)}
      </CourseGate>
    </div>
  );
}

function CallBody({ courseId, id }: { courseId: number; id: number }) {
  const hw = useHomework(courseId, id);
  if (hw.isPending)
    return (
      <div className="page-body">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  if (hw.isError) return <QueryFailed error={hw.error} onRetry={() => void hw.refetch()} />;
  return <Missing courseId={courseId} hw={hw.data} />;
}

function Missing({ courseId, hw }: { courseId: number; hw: Homework }) {
  const { t } = useTranslation();
  const { query, rows, total } = useOwners(courseId, hw.id, NOT_SUBMITTED);
  const refresh = useRefreshHomework(courseId, hw.id);
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const group = hw.settings.type === 2;
  const deadline = Number(hw.endtime);

  const remind = async (uids: number[], key: number | 'all') => {
    setBusy(key);
    try {
      const done = await homeworkApi.call(courseId, hw.id, uids);
      Toast.show({ content: t('homework.call.sent', { count: done.count }) });
      await refresh();
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(null);
    }
  };

  const remindAll = async () => {
    const people = rows.reduce((n, r) => n + r.members.length, 0);
    const ok = await confirmDialog({
      title: t('homework.call.allTitle'),
      content: t('homework.call.allConfirm', { count: people }),
      confirmText: t('homework.call.remindAll'),
      testid: 'call-all',
    }).result;
    if (ok) await remind([], 'all');
  };

  if (query.isPending)
    return (
      <div className="page-body" data-testid="call-loading">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  if (query.isError) return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (rows.length === 0) {
    // nobody to remind because nobody is expected yet is not "everyone handed in"
    const nobody = Number(hw.counts?.total ?? 0) === 0;
    return (
      <div className="page-body page-center" data-testid="call-empty">
        <ErrorBlock
          status="empty"
          title={<span data-testid="call-empty-title">{t(nobody ? 'homework.call.nobodyTitle' : 'homework.call.none')}</span>}
          description={t(nobody ? (group ? 'homework.call.nobodyGroups' : 'homework.call.nobodyText') : 'homework.call.noneText')}
        />
      </div>
    );
  }

  const row = (m: Member, called: boolean) => (
    <li key={m.uid} className="hw-call-person" data-testid="call-person" data-uid={m.uid}>
      <span className="hw-call-name">
        <span data-testid="call-name">{m.username}</span>
        {m.stno ? <span className="muted small"> {m.stno}</span> : null}
      </span>
      {called ? (
        <Tag color="danger" fill="outline" className="hw-tag" data-testid="call-called">
          {t('homework.list.calledTag')}
        </Tag>
      ) : null}
      <Button
        size="mini"
        shape="rounded"
        color="primary"
        fill="outline"
        loading={busy === m.uid}
        disabled={busy !== null}
        onClick={() => void remind([m.uid], m.uid)}
        data-testid="call-one"
      >
        {called ? t('homework.call.again') : t('homework.call.remindOne')}
      </Button>
    </li>
  );

  return (
    <div className="page-body hw-body" data-testid="call-body">
      <section className="hw-card hw-call-head">
        <p className="hw-call-summary" data-testid="call-count">
          {group ? t('homework.call.countGroups', { count: total }) : t('homework.call.countStudents', { count: total })}
        </p>
        <p className="muted small">
          {deadline ? t('homework.deadlineAt', { time: formatTime(deadline) }) : ''} · {t('homework.call.hint')}
        </p>
        <Button
          block
          color="primary"
          shape="rounded"
          loading={busy === 'all'}
          disabled={busy !== null}
          onClick={() => void remindAll()}
          data-testid="call-all"
        >
          <SoundOutline /> {t('homework.call.remindAll')}
        </Button>
      </section>
      {group ? (
        rows.map((r) => (
          <section key={r.owner} className="hw-card" data-testid="call-group" data-owner={r.owner}>
            <h2 className="hw-section-title">{r.name}</h2>
            <ul className="hw-call-list">{r.members.map((m) => row(m, Number(r.called) === 1))}</ul>
          </section>
        ))
      ) : (
        <ul className="hw-card hw-call-list">{rows.map((r) => row(r.members[0]!, Number(r.called) === 1))}</ul>
      )}
      {query.hasNextPage ? <LoadMoreButton query={query} testid="call-more" /> : null}
    </div>
  );
}
