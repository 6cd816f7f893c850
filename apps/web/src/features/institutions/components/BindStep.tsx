import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, ErrorBlock, Popup, SpinLoading } from 'antd-mobile';
import { AddCircleOutline, CheckOutline, CloseOutline, RightOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { BodyTestId, titleWithTestId } from '../../../components/BodyTestId';
import { confirmDialog } from '../../../components/dialogs';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage, showApiError } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { testId } from '../../../lib/testid';
import { useTranslation } from '../../../lib/translations';
import { courseKeys } from '../../courses/api';
import type { CourseItem } from '../../courses/types';
import { semesterTitle } from '../../courses/utils';
import { type Institution, institutionKeys, institutionsApi, type TeachClass } from '../api';
import { useOwnCourses, useTeachClasses } from '../hooks/useInstitutions';
import { type BindChoice, bindingList, unchosen } from '../utils';
import { TeachClassCard } from './TeachClassCard';
import { TeachClassLoadError, TeachClassSkeleton } from './TeachClassStates';

type RestAnswer = 'create' | 'leave' | 'back';

/** "N scheduled courses have no course: create them automatically?" — create, leave them unbound, or go back. */
function askAboutRest(count: number): Promise<RestAnswer> {
  return new Promise((resolve) => {
    const action = (key: RestAnswer, text: string, bold = false) => ({
      key,
      text,
      bold,
      onClick: () => resolve(key),
      ...testId(`bind-ask-${key}`),
    });
    Dialog.show({
      title: titleWithTestId(i18n.t('institutions.bind.askTitle'), 'bind-ask-dialog'),
      content: <div className="center-text">{i18n.t('institutions.bind.askText', { count })}</div>,
      closeOnAction: true,
      closeOnMaskClick: false,
      actions: [
        action('create', i18n.t('institutions.bind.askCreate'), true),
        action('leave', i18n.t('institutions.bind.askLeave')),
        action('back', i18n.t('institutions.bind.askBack')),
      ],
    });
  });
}

/**
 * The teacher's course-binding step (spec 1 §5 Course binding): each unbound scheduled course gets
 * one of the teacher's own courses, automatic creation, or nothing; on confirming, the ones left
 * with nothing are offered automatic creation; then `/CourseApi/relationTeachClass` binds them all.
 */
export function BindStep({ institution, onDone }: { institution: Institution; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useTeachClasses(institution.jigouid);
  const own = useOwnCourses();
  const [choices, setChoices] = useState<Record<number, BindChoice>>({});
  const [picking, setPicking] = useState<TeachClass | null>(null);
  const [saving, setSaving] = useState(false);

  const unbound = (query.data ?? []).filter((tc) => !Number(tc.classid));
  const ids = unbound.map((tc) => tc.id);
  const chosenAny = ids.some((id) => choices[id]);
  const courseById = new Map((own.data ?? []).map((c) => [Number(c.id), c]));

  const skip = async () => {
    if (chosenAny) {
      const sure = await confirmDialog({
        title: t('institutions.bind.skipTitle'),
        content: t('institutions.bind.skipText'),
        confirmText: t('institutions.bind.skipConfirm'),
        cancelText: t('institutions.bind.skipStay'),
        testid: 'bind-skip',
      }).result;
      if (!sure) return;
    }
    onDone();
  };

  const showDone = (bound: TeachClass[], sent: Map<number, number>) =>
    new Promise<void>((resolve) => {
      Dialog.show({
        title: titleWithTestId(t('institutions.bind.doneTitle'), 'bind-done-dialog'),
        content: (
          <ul className="bind-done-list">
            {bound.map((tc) => {
              const chosen = sent.get(tc.id);
              const course = chosen ? courseById.get(chosen) : undefined;
              return (
                <li key={tc.id} data-testid="bind-done-item" data-id={tc.id} data-classid={tc.classid}>
                  <span className="bind-done-name">{tc.coursename}</span>
                  <span className="bind-done-how">
                    {chosen
                      ? t('institutions.bind.doneBound', { course: course?.coursename ?? tc.coursename })
                      : t('institutions.bind.doneCreated')}
                  </span>
                </li>
              );
            })}
          </ul>
        ),
        closeOnAction: true,
        closeOnMaskClick: false,
        actions: [{ key: 'ok', text: t('common.ok'), bold: true, onClick: () => resolve(), ...testId('bind-done-ok') }],
      });
    });

  const confirm = async () => {
    const rest = unchosen(ids, choices);
    let createRest = false;
    if (rest.length > 0) {
      const answer = await askAboutRest(rest.length);
      if (answer === 'back') return;
      createRest = answer === 'create';
    }
    const list = bindingList(ids, choices, createRest);
    if (list.length === 0) {
      onDone();
      return;
    }
    setSaving(true);
    try {
      const result = await institutionsApi.bind(list);
      void queryClient.invalidateQueries({ queryKey: courseKeys.all });
      await showDone(result.list, new Map(list.map((b) => [b.id, b.classid])));
      // refreshed once the summary is read, so that the step behind it does not change under it
      void queryClient.invalidateQueries({ queryKey: institutionKeys.all });
      onDone();
    } catch (e) {
      // 30604: another course took one meanwhile; the fresh list shows which
      showApiError(e);
      void query.refetch();
    } finally {
      setSaving(false);
    }
  };

  const choiceLabel = (choice: BindChoice) => {
    if (choice === 'auto') return <span className="tc-choice-value">{t('institutions.bind.auto')}</span>;
    if (typeof choice === 'number') {
      const course = courseById.get(choice);
      return (
        <span className="tc-choice-value">
          {course ? `${course.coursename}${course.classname ? ` · ${course.classname}` : ''}` : `#${choice}`}
        </span>
      );
    }
    return <span className="tc-choice-value picker-placeholder">{t('institutions.bind.notChosen')}</span>;
  };

  let body: ReactNode;
  if (query.isPending) {
    body = <TeachClassSkeleton testid="bind" />;
  } else if (query.isError) {
    body = <TeachClassLoadError testid="bind" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (unbound.length === 0) {
    body = (
      <div className="page-center attest-state" data-testid="bind-all-bound">
        <ErrorBlock status="empty" title={t('institutions.bind.allBound')} description="" />
        <Button color="primary" className="center-button" onClick={onDone} data-testid="bind-all-bound-done">
          {t('institutions.joined.done')}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="tc-list" data-testid="bind-list">
          {unbound.map((tc) => (
            <TeachClassCard key={tc.id} tc={tc}>
              <button type="button" className="tc-choice" onClick={() => setPicking(tc)} data-testid="tc-choose">
                <span className="tc-choice-label">{t('institutions.bind.choose')}</span>
                <span data-testid="tc-choice">{choiceLabel(choices[tc.id] ?? null)}</span>
                <RightOutline className="tc-choice-arrow" />
              </button>
            </TeachClassCard>
          ))}
        </ul>
        <div className="button-stack bind-buttons">
          <Button
            block
            color="primary"
            size="large"
            shape="rounded"
            loading={saving}
            disabled={saving}
            onClick={() => void confirm()}
            className="submit-button"
            data-testid="bind-confirm"
          >
            {t('institutions.bind.confirm')}
          </Button>
          <Button
            block
            size="large"
            shape="rounded"
            fill="none"
            disabled={saving}
            onClick={() => void skip()}
            data-testid="bind-skip"
          >
            {t('institutions.bind.skip')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <>
      <PageNavBar title={t('institutions.bind.title')} onBack={() => void skip()} />
      <div className="page-body attest-bind" data-testid="bind-step">
        <p className="form-intro">{t('institutions.bind.intro')}</p>
        {body}
      </div>
      <Popup
        visible={picking !== null}
        onMaskClick={() => setPicking(null)}
        onClose={() => setPicking(null)}
        bodyClassName="sheet-popup bind-popup"
        destroyOnClose
      >
        <BodyTestId id="bind-popup" />
        {picking ? (
          <CourseChoiceSheet
            tc={picking}
            value={choices[picking.id] ?? null}
            courses={own.data}
            loading={own.isPending}
            error={own.isError ? errorMessage(own.error) : undefined}
            onRetry={() => void own.refetch()}
            onClose={() => setPicking(null)}
            onPick={(choice) => {
              setChoices((current) => ({ ...current, [picking.id]: choice }));
              setPicking(null);
            }}
          />
        ) : null}
      </Popup>
    </>
  );
}

/** The bottom sheet of one scheduled course's choice: automatic creation, one of my courses, or none. */
function CourseChoiceSheet({
  tc,
  value,
  courses,
  loading,
  error,
  onRetry,
  onClose,
  onPick,
}: {
  tc: TeachClass;
  value: BindChoice;
  courses: CourseItem[] | undefined;
  loading: boolean;
  error?: string;
  onRetry: () => void;
  onClose: () => void;
  onPick: (choice: BindChoice) => void;
}) {
  const { t } = useTranslation();
  const check = (on: boolean) => (on ? <CheckOutline className="bind-option-check" /> : null);
  let mine: ReactNode;
  if (loading) {
    mine = (
      <div className="jigou-state" data-testid="bind-courses-loading">
        <SpinLoading color="primary" style={{ '--size': '24px' }} />
      </div>
    );
  } else if (error) {
    mine = (
      <div className="jigou-state" data-testid="bind-courses-error">
        <p className="sheet-empty">
          {t('institutions.bind.coursesFailed')}: {error}
        </p>
        <Button size="small" color="primary" fill="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (!courses || courses.length === 0) {
    mine = (
      <p className="sheet-empty" data-testid="bind-courses-empty">
        {t('institutions.bind.noCourses')}
      </p>
    );
  } else {
    mine = (
      <ul className="bind-options">
        {courses.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className={`bind-option${value === Number(c.id) ? ' is-selected' : ''}`}
              onClick={() => onPick(Number(c.id))}
              data-testid="bind-option-course"
              data-id={c.id}
            >
              <span className="bind-option-text">
                <span className="bind-option-name">{c.coursename}</span>
                <span className="bind-option-sub">
                  {[c.classname, semesterTitle(t, c.semester, Number(c.term))].filter(Boolean).join(' · ')}
                </span>
              </span>
              {check(value === Number(c.id))}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <div className="sheet-head">
        <span className="sheet-title">
          {t('institutions.bind.choose')} · {tc.coursename}
        </span>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('common.close')}
          data-testid="bind-popup-close"
        >
          <CloseOutline />
        </button>
      </div>
      <ul className="bind-options">
        <li>
          <button
            type="button"
            className={`bind-option${value === 'auto' ? ' is-selected' : ''}`}
            onClick={() => onPick('auto')}
            data-testid="bind-option-auto"
          >
            <AddCircleOutline className="bind-option-icon" />
            <span className="bind-option-text">
              <span className="bind-option-name">{t('institutions.bind.auto')}</span>
              <span className="bind-option-sub">{t('institutions.bind.autoHint')}</span>
            </span>
            {check(value === 'auto')}
          </button>
        </li>
      </ul>
      <div className="bind-options-title">{t('institutions.bind.myCourses')}</div>
      {mine}
      <ul className="bind-options">
        <li>
          <button
            type="button"
            className={`bind-option${value === null ? ' is-selected' : ''}`}
            onClick={() => onPick(null)}
            data-testid="bind-option-none"
          >
            <span className="bind-option-text">
              <span className="bind-option-name">{t('institutions.bind.none')}</span>
            </span>
            {check(value === null)}
          </button>
        </li>
      </ul>
    </>
  );
}
