import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Selector, Switch, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { memberKeys, membersApi } from '../api';
import { RecentMemberChanges } from '../components/RecentMemberChanges';
import { memberPath } from '../paths';
import type { MemberSetting } from '../types';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * /member/memberSetting?courseId=: the weekly member-change notice (spec 1 §9): on or off, the day and
 * the time teachers get a message of the week's joins and leaves. Teachers only.
 */
export default function MemberSettingPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? memberPath(courseId) : undefined);
  return (
    <div className="page" data-testid="member-setting-page">
      <PageNavBar title={t('members.setting.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="manageMembers">
        {(course) => <SettingLoader info={course} onDone={goBack} />}
      </CourseGate>
    </div>
  );
}

function SettingLoader({ info, onDone }: { info: CourseInfo; onDone: () => void }) {
  const { t } = useTranslation();
  const setting = useQuery({
    queryKey: memberKeys.setting(info.id),
    queryFn: () => membersApi.memberSetting(info.id),
    retry: retryNetworkOnly,
  });
  if (setting.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (setting.isError) return <QueryFailed error={setting.error} onRetry={() => void setting.refetch()} />;
  return <SettingForm initial={setting.data} courseId={info.id} onDone={onDone} />;
}

function SettingForm({ initial, courseId, onDone }: { initial: MemberSetting; courseId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notify, setNotify] = useState(Number(initial.notify) === 1);
  const [weekday, setWeekday] = useState(Number(initial.weekday));
  const [time, setTime] = useState(initial.time);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!TIME.test(time)) {
      setError(t('members.setting.timeInvalid'));
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      const saved = await membersApi.saveMemberSetting({ courseid: courseId, notify: notify ? 1 : 0, weekday, time });
      queryClient.setQueryData(memberKeys.setting(courseId), saved);
      Toast.show({ content: t('members.setting.saved') });
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page-body form-page">
      <p className="form-intro" data-testid="member-setting-text">
        {t('members.setting.text')}
      </p>
      <List className="setting-list">
        <List.Item
          description={
            notify ? t('members.setting.summary', { day: t(`members.setting.day${weekday}`), time }) : t('members.setting.off')
          }
          extra={
            <Switch
              checked={notify}
              onChange={setNotify}
              data-testid="member-setting-notify"
              aria-label={t('members.setting.notify')}
            />
          }
        >
          {t('members.setting.notify')}
        </List.Item>
      </List>
      {notify ? (
        <List className="setting-list" header={t('members.setting.when')}>
          <List.Item>
            <Selector
              className="course-selector weekday-selector"
              columns={4}
              value={[String(weekday)]}
              onChange={(v) => {
                if (v[0]) setWeekday(Number(v[0]));
              }}
              options={WEEKDAYS.map((d) => ({
                value: String(d),
                label: (
                  <span data-testid={`member-setting-weekday-${d}`} data-selected={d === weekday ? 1 : 0}>
                    {t(`members.setting.day${d}`)}
                  </span>
                ),
              }))}
            />
          </List.Item>
          <List.Item
            extra={
              <input
                type="time"
                className="time-input"
                value={time}
                onChange={(e) => {
                  setTime(e.target.value);
                  setError(undefined);
                }}
                aria-label={t('members.setting.time')}
                data-testid="member-setting-time"
              />
            }
          >
            {t('members.setting.time')}
          </List.Item>
        </List>
      ) : null}
      <FormError message={error} testid="member-setting-error" />
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        loading={saving}
        disabled={saving}
        onClick={() => void save()}
        className="submit-button"
        data-testid="member-setting-save"
      >
        {t('members.setting.save')}
      </Button>
      {/* what the weekly notice sums up, as it arrives: joins and join requests (issue 12) */}
      <RecentMemberChanges courseId={courseId} />
    </div>
  );
}
