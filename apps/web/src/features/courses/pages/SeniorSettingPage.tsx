import { CODES, enrollFormItem } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, List, Selector, Switch, Toast } from 'antd-mobile';
import { AddOutline, DeleteOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { courseKeys, coursesApi } from '../api';
import { LoadFailed, NoPermission } from '../components/NoPermission';
import { usePrompt } from '../components/PromptDialog';
import { courseCan } from '../courseAuth';
import { useCourseParam } from '../hooks/useCourseParam';
import { useLeaveGuard } from '../hooks/useLeaveGuard';
import type { EnrollQuestion, EnrollSetting } from '../types';
import { courseHomePath } from '../utils';

/** /seniorSetting?courseId=[&from=create]: enrolment settings (spec 1 §2, §3 enrolment form). */
export default function SeniorSettingPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const allowed = courseId !== null && courseCan(courseId, 'manageEnroll');
  const setting = useQuery({
    queryKey: courseKeys.enrollSetting(courseId ?? 0),
    queryFn: () => coursesApi.getEnrollSetting(courseId!),
    enabled: allowed,
  });

  let body: ReactNode;
  if (courseId === null) body = <LoadFailed message={t('validation.courseId')} />;
  else if (!allowed) body = <NoPermission />;
  // the form starts from what the server holds now; a later refetch never resets the teacher's edits
  else if (setting.isPending || (!setting.isFetchedAfterMount && !setting.isError))
    body = <LoadingScreen text={t('common.loading')} />;
  else if (setting.isError)
    body =
      setting.error instanceof ApiError && setting.error.code === CODES.forbidden ? (
        <NoPermission />
      ) : (
        <LoadFailed message={errorMessage(setting.error)} onRetry={() => void setting.refetch()} />
      );
  else body = <SettingForm key={courseId} courseId={courseId} initial={setting.data} />;
  const showsForm = courseId !== null && allowed && setting.isSuccess && setting.isFetchedAfterMount;

  return (
    <div className="page" data-testid="senior-setting-page">
      {showsForm ? null : <PageNavBar title={t('courses.enroll.settingTitle')} />}
      {body}
    </div>
  );
}

function SettingForm({ courseId, initial }: { courseId: number; initial: EnrollSetting }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromCreate = params.get('from') === 'create';
  const goBack = useGoBack(courseHomePath(courseId, 1));
  const queryClient = useQueryClient();
  const { prompt, element: promptElement } = usePrompt();

  const [open, setOpen] = useState(initial.enrollstate === '1');
  const [manual, setManual] = useState(initial.auditstate === '1');
  const [maxcount, setMaxcount] = useState(String(initial.maxcount ?? 0));
  const [defaults, setDefaults] = useState<EnrollQuestion[]>(initial.formLists.filter((q) => q.key));
  const [custom, setCustom] = useState<EnrollQuestion[]>(initial.formLists.filter((q) => !q.key));
  const [maxError, setMaxError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const toNext = () => navigate(`/chooseCourseModule?courseId=${courseId}`, { replace: true });

  const addQuestion = () =>
    void prompt({
      title: t('courses.enroll.addTitle'),
      placeholder: t('courses.enroll.addPlaceholder'),
      maxLength: 30,
      testid: 'custom-question',
      submit: (value) => {
        const checked = validate(enrollFormItem, { key: '', title: value, selected: 1 });
        if (!checked.ok) return t(checked.errors.title ?? 'validation.invalid');
        if ([...defaults, ...custom].some((q) => q.title === checked.data.title)) return t('courses.enroll.duplicate');
        setCustom((list) => [...list, { key: '', title: checked.data.title, selected: 1 }]);
        return undefined;
      },
    });

  const current = JSON.stringify([open, manual, Number(maxcount), defaults, custom]);
  const saved = JSON.stringify([
    initial.enrollstate === '1',
    initial.auditstate === '1',
    Number(initial.maxcount ?? 0),
    initial.formLists.filter((q) => q.key),
    initial.formLists.filter((q) => !q.key),
  ]);
  const leave = useLeaveGuard(current !== saved && !saving, courseHomePath(courseId, 1));

  const save = async () => {
    setFormError(undefined);
    if (!/^\d+$/.test(maxcount.trim()) || Number(maxcount) > 100000) {
      setMaxError(t('courses.enroll.maxcountInvalid'));
      return;
    }
    setSaving(true);
    try {
      await coursesApi.saveEnrollSetting({
        courseid: courseId,
        enrollstate: open ? '1' : '0',
        auditstate: manual ? '1' : '0',
        maxcount: Number(maxcount),
        formLists: [...defaults, ...custom],
      });
      await queryClient.invalidateQueries({ queryKey: courseKeys.enrollSetting(courseId) });
      Toast.show({ content: t('courses.enroll.saved') });
      if (fromCreate) toNext();
      else goBack();
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageNavBar title={t('courses.enroll.settingTitle')} onBack={() => void leave()} />
      <div className="page-body form-page enroll-setting">
        {fromCreate ? (
          <p className="form-intro" data-testid="enroll-create-intro">
            {t('courses.enroll.createIntro')}
          </p>
        ) : null}
        <List className="setting-list" header={t('courses.enroll.joinHeader')}>
          <List.Item
            description={open ? t('courses.enroll.openOn') : t('courses.enroll.openOff')}
            extra={<Switch checked={open} onChange={setOpen} data-testid="enroll-open" aria-label={t('courses.enroll.open')} />}
          >
            {t('courses.enroll.open')}
          </List.Item>
          <List.Item description={manual ? t('courses.enroll.manualText') : t('courses.enroll.autoText')}>
            <div className="setting-label">{t('courses.enroll.review')}</div>
            <Selector
              className="course-selector"
              columns={2}
              value={[manual ? '1' : '0']}
              onChange={(v) => {
                if (v[0] !== undefined) setManual(v[0] === '1');
              }}
              options={[
                { value: '0', label: <span data-testid="audit-auto">{t('courses.enroll.auto')}</span> },
                { value: '1', label: <span data-testid="audit-manual">{t('courses.enroll.manual')}</span> },
              ]}
            />
          </List.Item>
          <List.Item>
            <TextField
              testid="enroll-maxcount"
              label={t('courses.enroll.maxcount')}
              inputMode="numeric"
              value={maxcount}
              onChange={(v) => {
                setMaxcount(v.replace(/\D/g, ''));
                setMaxError(undefined);
              }}
              maxLength={6}
              hint={t('courses.enroll.maxcountHint')}
              error={maxError}
            />
          </List.Item>
        </List>

        <List className="setting-list" header={t('courses.enroll.questionsHeader')}>
          <List.Item description={t('courses.enroll.questionsHint')}>
            <div className="question-grid">
              {defaults.map((q) => (
                <Checkbox
                  key={q.key}
                  checked={q.selected === 1}
                  onChange={(checked) =>
                    setDefaults((list) => list.map((x) => (x.key === q.key ? { ...x, selected: checked ? 1 : 0 } : x)))
                  }
                  data-testid={`enroll-q-${q.key}`}
                >
                  {q.title}
                </Checkbox>
              ))}
            </div>
          </List.Item>
          {custom.map((q, index) => (
            <List.Item
              key={q.title}
              data-testid="enroll-custom-row"
              extra={
                <button
                  type="button"
                  className="icon-button"
                  onClick={() => setCustom((list) => list.filter((_, i) => i !== index))}
                  aria-label={t('courses.enroll.remove')}
                  data-testid="enroll-custom-remove"
                >
                  <DeleteOutline />
                </button>
              }
            >
              <span data-testid="enroll-custom-title">{q.title}</span>
            </List.Item>
          ))}
          <List.Item onClick={addQuestion} data-testid="enroll-custom-add" prefix={<AddOutline />} arrowIcon={false}>
            <span className="text-link">{t('courses.enroll.add')}</span>
          </List.Item>
        </List>

        <FormError message={formError} testid="enroll-error" />
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={saving}
          disabled={saving}
          onClick={() => void save()}
          className="submit-button"
          data-testid="enroll-save"
        >
          {fromCreate ? t('courses.enroll.saveNext') : t('courses.enroll.save')}
        </Button>
        {fromCreate ? (
          <button type="button" className="text-link switch-link" onClick={toNext} data-testid="enroll-skip">
            {t('courses.enroll.skip')}
          </button>
        ) : null}
        {promptElement}
      </div>
    </>
  );
}
