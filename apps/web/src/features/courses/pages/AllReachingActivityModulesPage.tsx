import { COURSE_MODULES, modulesInput } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { AddOutline, DeleteOutline, DownOutline, UpOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { courseKeys, coursesApi, retryNetworkOnly } from '../api';
import { CourseGate, QueryFailed } from '../components/CourseGate';
import { hasAbility, useCourseInfo } from '../hooks/useCourseInfo';
import { useCourseParam } from '../hooks/useCourseParam';
import { useLeaveGuard } from '../hooks/useLeaveGuard';
import type { CourseInfo, CourseModule } from '../types';
import { courseHomePath } from '../utils';

/** /AllReachingActivityModules?courseId=: the course home menus: rename (1-8 characters), reorder, remove, keep one (spec 2 §5). */
export default function AllReachingActivityModulesPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const modules = useQuery({
    queryKey: courseKeys.modules(courseId ?? 0),
    queryFn: () => coursesApi.getModules(courseId!),
    enabled: courseId !== null && info.isSuccess && hasAbility(info.data, 'edit'),
    retry: retryNetworkOnly,
  });
  // the form draws its own top bar, whose back arrow asks before unsaved changes are lost
  const formShows = modules.isSuccess && modules.isFetchedAfterMount && info.isSuccess && hasAbility(info.data, 'edit');
  return (
    <div className="page" data-testid="modules-page">
      {formShows ? null : <PageNavBar title={t('courses.modules.title')} />}
      <CourseGate courseId={courseId} info={info} ability="edit">
        {(course) =>
          modules.isError ? (
            <QueryFailed error={modules.error} onRetry={() => void modules.refetch()} />
          ) : modules.isPending || !modules.isFetchedAfterMount ? (
            // the form starts from what the server holds now, and a later refetch never resets the teacher's edits
            <LoadingScreen text={t('common.loading')} />
          ) : (
            <ModulesForm key={course.id} info={course} initial={modules.data} />
          )
        }
      </CourseGate>
    </div>
  );
}

interface Row {
  key: CourseModule['key'];
  name: string;
}

/** The message of one menu name, from the shared rule (not empty, at most 8 characters). */
function nameError(courseid: number, row: Row): string | undefined {
  const checked = validate(modulesInput, { courseid, modules: [row] });
  return checked.ok ? undefined : checked.errors.modules;
}

function ModulesForm({ info, initial }: { info: CourseInfo; initial: CourseModule[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const home = courseHomePath(info.id, 1);
  const goBack = useGoBack(home);
  const [rows, setRows] = useState<Row[]>(initial.map((m) => ({ key: m.key, name: m.name })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(rows) !== JSON.stringify(initial.map((m) => ({ key: m.key, name: m.name })));
  const leave = useLeaveGuard(dirty && !saving, home);
  const removed = COURSE_MODULES.filter((key) => !rows.some((r) => r.key === key));

  const rename = (key: Row['key'], name: string) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, name } : r)));
    const message = nameError(info.id, { key, name });
    setErrors(({ [key]: _, ...rest }) => (message ? { ...rest, [key]: t(message) } : rest));
  };

  const move = (index: number, step: -1 | 1) =>
    setRows((list) => {
      const target = index + step;
      if (target < 0 || target >= list.length) return list;
      const next = [...list];
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });

  const remove = (key: Row['key']) => {
    // spec 2 §5: at least one module must remain
    if (rows.length <= 1) {
      Toast.show({ content: t('validation.moduleKeepOne') });
      return;
    }
    setRows((list) => list.filter((r) => r.key !== key));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const restore = (key: Row['key']) => setRows((list) => [...list, { key, name: t(`courses.home.menu_${key}`) }]);

  const save = async () => {
    setFormError(undefined);
    const next: Record<string, string> = {};
    for (const row of rows) {
      const message = nameError(info.id, row);
      if (message) next[row.key] = t(message);
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const checked = validate(modulesInput, { courseid: info.id, modules: rows });
    if (!checked.ok) {
      setFormError(t(checked.errors.modules ?? 'validation.invalid'));
      return;
    }
    setSaving(true);
    try {
      const saved = await coursesApi.saveModules(info.id, checked.data.modules);
      queryClient.setQueryData(courseKeys.modules(info.id), saved);
      Toast.show({ content: t('courses.modules.saved') });
      goBack();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const last = rows.length === 1;

  return (
    <>
      <PageNavBar title={t('courses.modules.title')} onBack={() => void leave()} />
      <div className="page-body form-page">
        <p className="form-intro">{t('courses.modules.intro')}</p>
        <ol className="module-list" data-testid="module-list">
          {rows.map((row, index) => (
            <li key={row.key} className="module-row" data-testid="module-row" data-key={row.key}>
              <span className="sort-index">{index + 1}</span>
              <div className="module-field">
                <TextField
                  testid="module-name"
                  value={row.name}
                  onChange={(v) => rename(row.key, v)}
                  placeholder={t(`courses.home.menu_${row.key}`)}
                  maxLength={20}
                  hint={
                    row.name.trim() === t(`courses.home.menu_${row.key}`)
                      ? undefined
                      : t('courses.modules.original', { name: t(`courses.home.menu_${row.key}`) })
                  }
                  error={errors[row.key]}
                />
              </div>
              <div className="module-buttons">
                <button
                  type="button"
                  className="sort-move"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={t('courses.sort.up')}
                  data-testid="module-up"
                >
                  <UpOutline />
                </button>
                <button
                  type="button"
                  className="sort-move"
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={t('courses.sort.down')}
                  data-testid="module-down"
                >
                  <DownOutline />
                </button>
                <button
                  type="button"
                  className="sort-move is-danger"
                  disabled={last}
                  onClick={() => remove(row.key)}
                  aria-label={t('courses.modules.remove')}
                  data-testid="module-remove"
                >
                  <DeleteOutline />
                </button>
              </div>
            </li>
          ))}
        </ol>
        {last ? (
          <p className="muted small module-keep-one" data-testid="module-keep-one">
            {t('courses.modules.keepOne')}
          </p>
        ) : null}
        {removed.length > 0 ? (
          <section className="module-removed" data-testid="module-removed">
            <h2 className="section-title">{t('courses.modules.removed')}</h2>
            <div className="tag-wrap">
              {removed.map((key) => (
                <button
                  key={key}
                  type="button"
                  className="filter-chip"
                  onClick={() => restore(key)}
                  data-testid="module-restore"
                  data-key={key}
                >
                  <AddOutline /> {t(`courses.home.menu_${key}`)}
                </button>
              ))}
            </div>
          </section>
        ) : null}
        <FormError message={formError} testid="modules-error" />
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={saving}
          disabled={saving}
          onClick={() => void save()}
          className="submit-button"
          data-testid="modules-save"
        >
          {t('courses.modules.save')}
        </Button>
      </div>
    </>
  );
}
