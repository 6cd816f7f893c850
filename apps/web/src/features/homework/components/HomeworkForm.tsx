import { CONTENT_TITLE_MAX } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Selector, Switch, Toast } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { PageNavBar } from '../../../components/PageNavBar';
import { RequiredLabel } from '../../../components/RequiredLabel';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { attachmentLimitLabel } from '../../../lib/upload';
import { refusedField, useFormErrors } from '../../../lib/useFormErrors';
import { useUser } from '../../accounts/authStore';
import { retryNetworkOnly } from '../../courses/api';
import { OptionPicker } from '../../courses/components/OptionPicker';
import { useLeaveGuard } from '../../courses/hooks/useLeaveGuard';
import type { CourseInfo } from '../../courses/types';
import { DateTimeField } from '../../../components/DateTimeField';
import { FilePicker } from '../../materials/components/FilePicker';
import { useUploads } from '../../materials/hooks/useUploads';
import { fromLocalInput, toLocalInput } from '../../materials/utils';
import { memberKeys, membersApi } from '../../members/api';
import { memberPath } from '../../members/paths';
import { homeworkApi, homeworkKeys } from '../api';
import { homeworkPath } from '../paths';
import type { AnswerType, Homework, HomeworkType, WorkFile } from '../types';
import { checkHomework, type HomeworkFormValues } from '../utils';

const TYPES: HomeworkType[] = [1, 2, 3];
const ANSWER_TYPES: AnswerType[] = [1, 2, 3];
const MODES = [1, 2, 0] as const;
/** the order the fields are read in, for the first error's toast */
const FIELD_ORDER = [
  'title',
  'content',
  'files',
  'groupsetid',
  'reviewers',
  'mincomment',
  'fullscore',
  'endtime',
  'dupceiling',
  'publish_time',
];

/**
 * /addActivity/task: a new homework or one to edit (spec 2 §2, §3, §5). Title, detail, files; the
 * kind (personal, group with its grouping, peer review with its settings), full score, deadline,
 * late work, duplicate checking and, for a new one, when it is published. Checked as the server
 * checks before anything is sent; the server's refusal shows in the form.
 */
export function HomeworkForm({ info, initial }: { info: CourseInfo; initial: Homework | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const courseId = info.id;
  const editing = initial !== null;
  const s = initial?.settings;
  const uploads = useUploads({ isVip: Number(user?.isvip ?? 0) > 0, videoOnly: false });
  const groupings = useQuery({
    queryKey: memberKeys.groupings(courseId),
    queryFn: () => membersApi.groupings(courseId),
    retry: retryNetworkOnly,
  });

  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [kept, setKept] = useState<WorkFile[]>(initial?.attachment ?? []);
  const [type, setType] = useState<HomeworkType>(s?.type ?? 1);
  const [groupsetid, setGroupsetid] = useState(s?.groupsetid ?? 0);
  const [fullscore, setFullscore] = useState(String(s?.fullscore ?? 100));
  const [endAt, setEndAt] = useState(toLocalInput(Number(initial?.endtime ?? 0)));
  const [allowlate, setAllowlate] = useState(Number(s?.allowlate ?? 0) === 1);
  const [dupcheck, setDupcheck] = useState(Number(s?.dupcheck ?? 0) === 1);
  const [dupceiling, setDupceiling] = useState(String(s?.dupceiling ?? 40));
  const [dupcoursewide, setDupcoursewide] = useState(Number(s?.dupcoursewide ?? 0) === 1);
  const [reviewers, setReviewers] = useState(String(s?.reviewers ?? 3));
  const [anonymous, setAnonymous] = useState(Number(s?.anonymous ?? 1) === 1);
  const [mincomment, setMincomment] = useState(String(s?.mincomment ?? 0));
  const [scoremode, setScoremode] = useState<1 | 2>(s?.scoremode ?? 1);
  // homework made before answer types existed is attachments only (the spec's rule)
  const [answertype, setAnswertype] = useState<AnswerType>(s?.answertype ?? 1);
  // on unless the teacher turned it off (decision 054)
  const [classmateswork, setClassmateswork] = useState(Number(s?.classmateswork ?? 1) === 1);
  const [publish, setPublish] = useState<0 | 1 | 2>(1);
  const [publishAt, setPublishAt] = useState('');
  const [saving, setSaving] = useState(false);
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();

  // the kind and the grouping stay once work is in (the server refuses a change)
  const c = initial?.counts;
  const workIn = Boolean(c && c.submitted + c.returned + c.graded > 0);
  const backTo = editing ? homeworkPath(courseId, 1, initial.id) : homeworkPath(courseId, 1);
  const dirty = !editing && (title.trim() !== '' || content.trim() !== '' || uploads.entries.length > 0 || endAt !== '');
  const leave = useLeaveGuard((dirty || editing) && !saving, backTo);

  const submit = async () => {
    setFormError(undefined);
    const values: HomeworkFormValues = {
      title,
      content,
      fileids: [...kept.map((f) => f.id), ...uploads.done.map((f) => f.id)],
      type,
      fullscore,
      endtime: fromLocalInput(endAt),
      allowlate,
      groupsetid,
      dupcheck,
      dupceiling,
      dupcoursewide,
      reviewers,
      anonymous,
      mincomment,
      scoremode,
      answertype,
      classmateswork,
      publish,
      publish_time: fromLocalInput(publishAt),
    };
    const checked = checkHomework(courseId, values, { editing, keptDeadline: Number(initial?.endtime ?? 0) });
    const errors = checked.ok ? {} : { ...checked.errors };
    if (uploads.failed) errors.files = 'homework.form.uploadFailed';
    if (Object.keys(errors).length > 0) {
      setErrors(errors);
      const first = FIELD_ORDER.find((f) => errors[f]) ?? Object.keys(errors)[0]!;
      Toast.show({ content: t(errors[first]!) });
      return;
    }
    if (uploads.busy) {
      Toast.show({ content: t('homework.form.stillUploading') });
      return;
    }
    if (!checked.ok) return;
    setErrors({});
    setSaving(true);
    try {
      const { publish: mode, publish_time, ...fields } = checked.body;
      const saved = editing
        ? await homeworkApi.edit({ ...fields, id: initial.id })
        : await homeworkApi.add({ ...fields, publish: mode, publish_time });
      await queryClient.invalidateQueries({ queryKey: homeworkKeys.all(courseId) });
      const state = Number(saved.publishState);
      Toast.show({
        content: editing
          ? t('homework.form.saved')
          : state === 0
            ? t('homework.form.drafted')
            : state === 1
              ? t('homework.form.scheduled')
              : t('homework.form.published'),
      });
      navigate(homeworkPath(courseId, 1, saved.id), { replace: true });
    } catch (e) {
      // the server's refusal of a time goes under its field (it checks the publish time first)
      const refused = refusedField(e, [
        ['validation.timePast', publish === 2 ? 'publish_time' : 'endtime'],
        ['validation.endBeforePublish', 'endtime'],
      ]);
      if (refused) setErrors({ [refused.field]: refused.key });
      else if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const groupingOptions = (groupings.data ?? []).map((g) => ({ value: String(g.id), label: g.title }));
  // the wheels start a minute from now: a deadline or publish time already past is refused
  const soon = toLocalInput(Math.floor(Date.now() / 1000) + 60);
  const submitLabel = editing
    ? t('homework.form.save')
    : publish === 1
      ? t('homework.form.publishNow')
      : publish === 2
        ? t('homework.form.schedule')
        : t('homework.form.saveDraft');

  return (
    <>
      <PageNavBar title={editing ? t('homework.form.editTitle') : t('homework.form.newTitle')} onBack={() => void leave()} />
      <form
        className="page-body form-page hw-form"
        noValidate
        data-testid="homework-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="form-card">
          <TextField
            testid="hw-title"
            label={<RequiredLabel text={t('homework.form.title')} />}
            value={title}
            onChange={(v) => {
              setTitle(v);
              clearError('title');
            }}
            placeholder={t('homework.form.titlePlaceholder')}
            maxLength={CONTENT_TITLE_MAX}
            error={fieldError('title')}
          />
          <div className={`field${fieldError('content') ? ' field-invalid' : ''}`}>
            <div className="field-label">{t('homework.form.detail')}</div>
            <RichTextEditor
              value={content}
              onChange={(html) => {
                setContent(html);
                clearError('content');
              }}
              placeholder={t('homework.form.detailPlaceholder')}
              testid="hw-editor"
              invalid={Boolean(fieldError('content'))}
            />
            {fieldError('content') ? (
              <div className="field-error" role="alert" data-testid="hw-content-error">
                {fieldError('content')}
              </div>
            ) : null}
          </div>
          <FilePicker
            uploads={uploads}
            label={t('homework.form.files')}
            pickLabel={t('homework.form.addFiles')}
            hint={t('homework.form.filesHint', { limit: attachmentLimitLabel(Number(user?.isvip ?? 0) > 0) })}
            error={fieldError('files')}
            errorTestid="hw-files-error"
            onPicked={() => clearError('files')}
            kept={kept}
            onRemoveKept={(id) => setKept((list) => list.filter((k) => k.id !== id))}
            keptTestid="hw-kept"
          />
        </div>

        <div className="form-card">
          <div className="field">
            <div className="field-label">{t('homework.form.type')}</div>
            <Selector
              className="course-selector"
              columns={3}
              value={[type]}
              disabled={workIn}
              onChange={(v) => {
                if (v[0] === undefined) return;
                setType(v[0]);
                clearError('groupsetid');
              }}
              options={TYPES.map((k) => ({
                value: k,
                label: <span data-testid={`hw-type-${k}`}>{t(`homework.type.${k}`)}</span>,
              }))}
            />
            <div className="field-hint" data-testid="hw-type-hint">
              {workIn ? t('homework.form.typeLocked') : t(`homework.form.typeHint.${type}`)}
            </div>
          </div>
          <div className="field">
            <div className="field-label">{t('homework.form.answerType')}</div>
            <Selector
              className="course-selector"
              columns={3}
              value={[answertype]}
              onChange={(v) => {
                if (v[0] !== undefined) setAnswertype(v[0]);
              }}
              options={ANSWER_TYPES.map((k) => ({
                value: k,
                label: <span data-testid={`hw-answertype-${k}`}>{t(`homework.answerType.${k}`)}</span>,
              }))}
            />
            <div className="field-hint" data-testid="hw-answertype-hint">
              {t(`homework.form.answerTypeHint.${answertype}`)}
            </div>
          </div>
          {type === 2 ? (
            groupings.isSuccess && groupingOptions.length === 0 ? (
              <div className={`field${fieldError('groupsetid') ? ' field-invalid' : ''}`}>
                <div className="field-label">
                  <RequiredLabel text={t('homework.form.grouping')} />
                </div>
                <p className="field-hint" data-testid="hw-no-groupings">
                  {t('homework.form.noGroupings')}{' '}
                  <button type="button" className="text-link" onClick={() => navigate(memberPath(courseId, 'groups'))}>
                    {t('homework.form.makeGrouping')}
                  </button>
                </p>
                {fieldError('groupsetid') ? (
                  <div className="field-error" role="alert" data-testid="hw-grouping-error">
                    {fieldError('groupsetid')}
                  </div>
                ) : null}
              </div>
            ) : (
              <OptionPicker
                testid="hw-grouping"
                label={t('homework.form.grouping')}
                required
                placeholder={groupings.isPending ? t('common.loading') : t('homework.form.pickGrouping')}
                options={groupingOptions}
                value={groupsetid ? String(groupsetid) : ''}
                onChange={(v) => {
                  if (workIn) return;
                  setGroupsetid(Number(v));
                  clearError('groupsetid');
                }}
                error={fieldError('groupsetid')}
              />
            )
          ) : null}
          {type === 3 ? (
            <>
              <TextField
                testid="hw-reviewers"
                label={<RequiredLabel text={t('homework.form.reviewers')} />}
                value={reviewers}
                inputMode="numeric"
                maxLength={2}
                onChange={(v) => {
                  setReviewers(v);
                  clearError('reviewers');
                }}
                hint={t('homework.form.reviewersHint')}
                error={fieldError('reviewers')}
              />
              <SwitchRow
                testid="hw-anonymous"
                label={t('homework.form.anonymous')}
                hint={t('homework.form.anonymousHint')}
                checked={anonymous}
                onChange={setAnonymous}
              />
              <TextField
                testid="hw-mincomment"
                label={t('homework.form.minComment')}
                value={mincomment}
                inputMode="numeric"
                maxLength={3}
                onChange={(v) => {
                  setMincomment(v);
                  clearError('mincomment');
                }}
                hint={t('homework.form.minCommentHint')}
                error={fieldError('mincomment')}
              />
              <div className="field">
                <div className="field-label">{t('homework.form.scoreMode')}</div>
                <Selector
                  className="course-selector"
                  columns={2}
                  value={[scoremode]}
                  onChange={(v) => {
                    if (v[0] !== undefined) setScoremode(v[0]);
                  }}
                  options={([1, 2] as const).map((m) => ({
                    value: m,
                    label: <span data-testid={`hw-scoremode-${m}`}>{t(`homework.form.scoreModes.${m}`)}</span>,
                  }))}
                />
              </div>
            </>
          ) : null}
        </div>

        <div className="form-card">
          <TextField
            testid="hw-fullscore"
            label={<RequiredLabel text={t('homework.form.fullScore')} />}
            value={fullscore}
            inputMode="numeric"
            maxLength={3}
            onChange={(v) => {
              setFullscore(v);
              clearError('fullscore');
            }}
            hint={t('homework.form.fullScoreHint')}
            error={fieldError('fullscore')}
          />
          <DateTimeField
            testid="hw-deadline"
            label={<RequiredLabel text={t('homework.form.deadline')} />}
            value={endAt}
            min={publish === 2 && publishAt > soon ? publishAt : soon}
            onChange={(v) => {
              setEndAt(v);
              clearError('endtime');
            }}
            hint={t('homework.form.deadlineHint')}
            error={fieldError('endtime')}
          />
          <SwitchRow
            testid="hw-allowlate"
            label={t('homework.form.allowLate')}
            hint={t('homework.form.allowLateHint')}
            checked={allowlate}
            onChange={setAllowlate}
          />
          {type !== 3 ? (
            <SwitchRow
              testid="hw-classmateswork"
              label={t('homework.form.classmatesWork')}
              hint={t('homework.form.classmatesWorkHint')}
              checked={classmateswork}
              onChange={setClassmateswork}
            />
          ) : null}
        </div>

        <div className="form-card">
          <SwitchRow
            testid="hw-dupcheck"
            label={t('homework.form.dupcheck')}
            hint={t('homework.form.dupcheckHint')}
            checked={dupcheck}
            onChange={(v) => {
              setDupcheck(v);
              clearError('dupceiling');
            }}
          />
          {dupcheck ? (
            <>
              <TextField
                testid="hw-dupceiling"
                label={<RequiredLabel text={t('homework.form.dupceiling')} />}
                value={dupceiling}
                inputMode="numeric"
                maxLength={3}
                onChange={(v) => {
                  setDupceiling(v);
                  clearError('dupceiling');
                }}
                hint={t('homework.form.dupceilingHint')}
                error={fieldError('dupceiling')}
              />
              <SwitchRow
                testid="hw-dupcoursewide"
                label={t('homework.form.dupcoursewide')}
                hint={t('homework.form.dupcoursewideHint')}
                checked={dupcoursewide}
                onChange={setDupcoursewide}
              />
            </>
          ) : null}
        </div>

        {!editing ? (
          <div className="form-card">
            <div className="field">
              <div className="field-label">{t('homework.form.publish')}</div>
              <Selector
                className="course-selector"
                columns={3}
                value={[publish]}
                onChange={(v) => {
                  if (v[0] !== undefined) setPublish(v[0]);
                  clearError('publish_time');
                  clearError('endtime');
                }}
                options={MODES.map((m) => ({
                  value: m,
                  label: <span data-testid={`hw-publish-${m}`}>{t(`homework.form.publishMode.${m}`)}</span>,
                }))}
              />
            </div>
            {publish === 2 ? (
              <DateTimeField
                testid="hw-publish-time"
                label={<RequiredLabel text={t('homework.form.publishTime')} />}
                value={publishAt}
                min={soon}
                onChange={(v) => {
                  setPublishAt(v);
                  clearError('publish_time');
                  clearError('endtime');
                }}
                error={fieldError('publish_time')}
              />
            ) : null}
          </div>
        ) : null}

        <FormError message={formError} testid="hw-form-error" />
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={saving}
          disabled={saving}
          className="submit-button"
          data-testid="hw-submit"
        >
          {uploads.busy ? t('homework.form.waitUpload') : submitLabel}
        </Button>
      </form>
    </>
  );
}

function SwitchRow({
  testid,
  label,
  hint,
  checked,
  onChange,
}: {
  testid: string;
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="field switch-field">
      <div className="switch-text">
        <div className="field-label">{label}</div>
        {hint ? <div className="field-hint">{hint}</div> : null}
      </div>
      <Switch checked={checked} onChange={onChange} data-testid={testid} aria-label={label} />
    </div>
  );
}
