import { type AdminTeacher, GRANT_MONTHS_MAX, VIP_LEVEL } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, SearchBar, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import EmptyBlock from '../../../components/EmptyBlock';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { LoadFailed } from '../../courses/components/NoPermission';
import { day } from '../../vip/api';
import { levelName } from '../../vip/privileges';
import { adminApi, adminKeys } from '../api';

const LEVELS = [VIP_LEVEL.institutionVip, VIP_LEVEL.institutionSuperVip] as const;

/**
 * The institution VIP tab of /admin (decision 053): the institution (a school's operator: theirs; a
 * platform operator: any, found by name), its certified teachers with the grant of each, and granting
 * (level 3 or 4, 1-120 months from now) or revoking (asked first).
 */
export function InstitutionVipTab({
  platform,
  institutions,
}: {
  platform: boolean;
  institutions: { jigouid: number; jigou: string }[];
}) {
  const { t } = useTranslation();
  const [jigouid, setJigouid] = useState<number | null>(institutions.length === 1 ? institutions[0]!.jigouid : null);
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: adminKeys.institutions(keyword),
    queryFn: () => adminApi.searchInstitutions(keyword),
    enabled: platform && (keyword !== '' || !institutions.length),
  });
  // a platform operator finds any institution by name; before searching, their own schools come first
  const choices = platform && (keyword || !institutions.length) ? (found.data?.list ?? []) : institutions;
  const searching = platform && (keyword !== '' || !institutions.length);

  return (
    <div className="page-body admin-body" data-testid="admin-vip">
      {platform ? (
        <SearchBar
          placeholder={t('admin.vip.search')}
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
          className="admin-search"
          data-testid="admin-institution-search"
        />
      ) : null}
      {choices.length > 1 || platform ? (
        <fieldset className="admin-filter admin-institutions" data-testid="admin-institutions">
          <legend className="sr-only">{t('admin.vip.institution')}</legend>
          {searching && found.isPending ? <span className="muted small">{t('common.loading')}</span> : null}
          {searching && !found.isPending && !choices.length ? (
            <span className="muted small" data-testid="admin-institutions-none">
              {t('admin.vip.noInstitution')}
            </span>
          ) : null}
          {choices.map((i) => (
            <Button
              key={i.jigouid}
              size="small"
              shape="rounded"
              color={jigouid === i.jigouid ? 'primary' : 'default'}
              fill={jigouid === i.jigouid ? 'solid' : 'outline'}
              aria-pressed={jigouid === i.jigouid}
              onClick={() => setJigouid(i.jigouid)}
              data-testid="admin-institution"
            >
              {i.jigou}
            </Button>
          ))}
        </fieldset>
      ) : null}
      {jigouid === null ? (
        <p className="muted center-text admin-hint" data-testid="admin-vip-choose">
          {t('admin.vip.choose')}
        </p>
      ) : (
        <Teachers jigouid={jigouid} />
      )}
    </div>
  );
}

/** The institution's certified teachers, each with its grant and the grant form or revoke button. */
function Teachers({ jigouid }: { jigouid: number }) {
  const { t } = useTranslation();
  const teachers = useQuery({ queryKey: adminKeys.teachers(jigouid), queryFn: () => adminApi.teachers(jigouid) });
  const [granting, setGranting] = useState<number | null>(null);

  if (teachers.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (teachers.isError) return <LoadFailed message={errorMessage(teachers.error)} onRetry={() => void teachers.refetch()} />;
  const { jigou, list } = teachers.data;
  return (
    <section data-testid="admin-teachers" data-jigouid={jigouid}>
      <h2 className="admin-section-title" data-testid="admin-teachers-title">
        {t('admin.vip.teachersOf', { jigou })}
      </h2>
      {list.length === 0 ? (
        <div data-testid="admin-teachers-empty">
          <EmptyBlock status="empty" title={t('admin.vip.noTeachers')} description="" />
        </div>
      ) : (
        <List className="admin-list">
          {list.map((teacher) => (
            <TeacherRow
              key={teacher.uid}
              jigouid={jigouid}
              jigou={jigou}
              teacher={teacher}
              open={granting === teacher.uid}
              onOpen={(on) => setGranting(on ? teacher.uid : null)}
            />
          ))}
        </List>
      )}
    </section>
  );
}

function TeacherRow({
  jigouid,
  jigou,
  teacher,
  open,
  onOpen,
}: {
  jigouid: number;
  jigou: string;
  teacher: AdminTeacher;
  open: boolean;
  onOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [level, setLevel] = useState<number>(teacher.grant?.level ?? VIP_LEVEL.institutionVip);
  const [months, setMonths] = useState('12');
  const [monthsError, setMonthsError] = useState('');
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const grant = teacher.grant;
  const inForce = grant?.inforce === 1;
  const name = teacher.realname || teacher.username;

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: adminKeys.teachers(jigouid) });
  };
  const submit = async () => {
    setRefusal('');
    const n = Number(months.trim());
    if (!/^\d{1,3}$/.test(months.trim()) || n < 1 || n > GRANT_MONTHS_MAX) return setMonthsError(t('validation.grantMonths'));
    setMonthsError('');
    setBusy(true);
    try {
      await adminApi.grant(jigouid, teacher.uid, level, n);
      Toast.show({ content: t('admin.vip.grantedToast', { name }) });
      onOpen(false);
      await refresh();
    } catch (e) {
      setRefusal(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    const ok = await confirmDialog({
      title: t('admin.vip.revokeTitle'),
      content: t('admin.vip.revokeConfirm', { name, jigou }),
      confirmText: t('admin.vip.revoke'),
      danger: true,
      testid: 'admin-revoke',
    }).result;
    if (!ok) return;
    setBusy(true);
    try {
      await adminApi.revoke(jigouid, teacher.uid);
      Toast.show({ content: t('admin.vip.revokedToast', { name }) });
      await refresh();
    } catch (e) {
      setRefusal(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <List.Item
      data-testid="admin-teacher-row"
      data-uid={teacher.uid}
      description={
        <div className="admin-teacher">
          <div className="muted small">
            {teacher.realstno} · {teacher.account}
          </div>
          <div data-testid="admin-teacher-grant">
            {grant ? (
              <>
                <Tag color={inForce ? 'warning' : 'default'} fill={inForce ? 'solid' : 'outline'}>
                  {levelName(t, grant.level)}
                </Tag>{' '}
                <span className={inForce ? '' : 'muted'}>
                  {inForce
                    ? t('admin.vip.until', { date: day(grant.endtime) })
                    : t('admin.vip.ended', { date: day(grant.endtime) })}
                </span>
              </>
            ) : (
              <span className="muted">{t('admin.vip.none')}</span>
            )}
          </div>
          <div className="admin-teacher-actions">
            <Button
              size="mini"
              color="primary"
              fill={open ? 'solid' : 'outline'}
              onClick={() => onOpen(!open)}
              disabled={busy}
              data-testid="admin-grant-open"
            >
              {inForce ? t('admin.vip.change') : t('admin.vip.grant')}
            </Button>
            {inForce ? (
              <Button
                size="mini"
                color="danger"
                fill="outline"
                onClick={() => void revoke()}
                disabled={busy}
                data-testid="admin-revoke"
              >
                {t('admin.vip.revoke')}
              </Button>
            ) : null}
          </div>
          {open ? (
            <div className="admin-grant-form" data-testid="admin-grant-form">
              <fieldset className="admin-filter">
                <legend className="field-label">{t('admin.vip.level')}</legend>
                {LEVELS.map((value) => (
                  <Button
                    key={value}
                    size="small"
                    shape="rounded"
                    color={level === value ? 'primary' : 'default'}
                    fill={level === value ? 'solid' : 'outline'}
                    aria-pressed={level === value}
                    onClick={() => setLevel(value)}
                    data-testid={`admin-grant-level-${value}`}
                  >
                    {levelName(t, value)}
                  </Button>
                ))}
              </fieldset>
              <TextField
                testid="admin-grant-months"
                label={t('admin.vip.months')}
                hint={t('admin.vip.monthsHint')}
                value={months}
                onChange={(v) => {
                  setMonths(v);
                  setMonthsError('');
                }}
                inputMode="numeric"
                maxLength={3}
                error={monthsError}
              />
              <Button
                block
                color="primary"
                shape="rounded"
                loading={busy}
                onClick={() => void submit()}
                data-testid="admin-grant-submit"
              >
                {t('admin.vip.submit')}
              </Button>
            </div>
          ) : null}
          <FormError message={refusal} testid="admin-teacher-error" />
        </div>
      }
    >
      <span data-testid="admin-teacher-name">
        {name}
        {teacher.username && teacher.username !== teacher.realname ? (
          <span className="muted small"> ({teacher.username})</span>
        ) : null}
      </span>
    </List.Item>
  );
}
