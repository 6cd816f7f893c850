import { type BankFileFormat, QUESTION_TYPES } from '@paiclass/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Button, Checkbox, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../../components/dialogs';
import { showApiError } from '../../../../lib/api';
import { useTranslation } from '../../../../lib/translations';
import { retryNetworkOnly } from '../../../courses/api';
import { QueryFailed } from '../../../courses/components/CourseGate';
import { ListEmpty, ListLoading } from '../../../notices/components/ListStates';
import { saveBlob } from '../../../scores/api';
import { bankIoApi } from '../../api.bankio';
import { type QuestionBody, teacherExamKeys, teacherExamsApi } from '../../api.teacher';
import type { BankQuestion } from '../../types';
import { BankCopyPopup } from './BankCopyPopup';
import { BankImportPopup } from './BankImportPopup';
import { QuestionEditor } from './QuestionEditor';
import { plainText, TYPE_VALUES } from './utils';

/**
 * The course's question bank (issue 14): filtered by type, difficulty and knowledge point; a
 * question added, edited or deleted (after a confirmation); questions imported from a filled
 * template, the bank (or the chosen questions) exported to Excel or Word, chosen questions copied
 * to another course's bank.
 */
export function QuestionBank({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [type, setType] = useState(0);
  const [difficulty, setDifficulty] = useState(0);
  const [point, setPoint] = useState('');
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState<BankQuestion | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [copying, setCopying] = useState(false);
  // choosing questions to export or copy: null when not choosing
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const filter = { type, difficulty, point, keyword };
  const points = useQuery({
    queryKey: teacherExamKeys.points(courseId),
    queryFn: () => teacherExamsApi.points(courseId),
    retry: retryNetworkOnly,
  });
  const query = useInfiniteQuery({
    queryKey: teacherExamKeys.questions(courseId, filter),
    queryFn: ({ pageParam }) => teacherExamsApi.questions({ courseid: courseId, ...filter, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    retry: retryNetworkOnly,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: teacherExamKeys.bank(courseId) });

  const save = async (body: QuestionBody) => {
    if (editing === 'new') await teacherExamsApi.addQuestion(courseId, body);
    else if (editing) await teacherExamsApi.editQuestion(courseId, editing.id, body);
    Toast.show({ content: t('exams.teacher.bank.saved') });
    setEditing(null);
    await refresh();
  };
  const remove = async (q: BankQuestion) => {
    const ok = await confirmDialog({
      title: t('exams.teacher.bank.deleteTitle'),
      content: t('exams.teacher.bank.deleteText', { text: plainText(q.title).slice(0, 40) }),
      confirmText: t('exams.teacher.bank.delete'),
      danger: true,
      testid: 'q-delete',
    }).result;
    if (!ok) return;
    try {
      await teacherExamsApi.deleteQuestions(courseId, [q.id]);
      Toast.show({ content: t('exams.teacher.bank.deleted') });
      await refresh();
    } catch (e) {
      showApiError(e);
    }
  };

  const exportAs = async (format: BankFileFormat, ids: number[]) => {
    setExporting(true);
    try {
      const file = await bankIoApi.exportQuestions(courseId, format, ids);
      saveBlob(file.blob, file.name);
      Toast.show({ content: t('exams.teacher.bankio.exported') });
    } catch (e) {
      showApiError(e);
    } finally {
      setExporting(false);
    }
  };
  const chooseFormat = (ids: number[]) => {
    ActionSheet.show({
      extra: ids.length ? t('exams.teacher.bankio.exportChosen', { count: ids.length }) : t('exams.teacher.bankio.exportAll'),
      actions: [
        { key: 'xlsx', text: t('exams.teacher.bankio.excel'), onClick: () => void exportAs('xlsx', ids) },
        { key: 'docx', text: t('exams.teacher.bankio.word'), onClick: () => void exportAs('docx', ids) },
      ],
      cancelText: t('common.cancel'),
      closeOnAction: true,
    });
  };
  const toggle = (id: number) =>
    setChosen((was) => {
      const next = new Set(was ?? []);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const filtered = type !== 0 || difficulty !== 0 || point !== '' || keyword !== '';

  return (
    <div className="page-body exam-bank" data-testid="question-bank">
      <div className="exam-filters">
        <select
          className="exam-select"
          value={type}
          onChange={(e) => setType(Number(e.target.value))}
          data-testid="bank-filter-type"
          aria-label={t('exams.teacher.bank.type')}
        >
          <option value={0}>{t('exams.teacher.bank.allTypes')}</option>
          {TYPE_VALUES.map((v) => (
            <option key={v} value={v}>
              {t(`exams.common.type.${v}`)}
            </option>
          ))}
        </select>
        <select
          className="exam-select"
          value={difficulty}
          onChange={(e) => setDifficulty(Number(e.target.value))}
          data-testid="bank-filter-difficulty"
          aria-label={t('exams.teacher.bank.difficulty')}
        >
          <option value={0}>{t('exams.teacher.bank.allDifficulties')}</option>
          {[1, 2, 3].map((v) => (
            <option key={v} value={v}>
              {t(`exams.common.difficulty.${v}`)}
            </option>
          ))}
        </select>
        <select
          className="exam-select"
          value={point}
          onChange={(e) => setPoint(e.target.value)}
          data-testid="bank-filter-point"
          aria-label={t('exams.teacher.bank.points')}
        >
          <option value="">{t('exams.teacher.bank.allPoints')}</option>
          {(points.data?.list ?? []).map((p) => (
            <option key={p.point} value={p.point}>
              {p.point} ({p.count})
            </option>
          ))}
        </select>
      </div>
      <form
        className="exam-search"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(typed.trim());
        }}
      >
        <input
          className="exam-input"
          type="search"
          value={typed}
          placeholder={t('exams.teacher.bank.searchPlaceholder')}
          aria-label={t('exams.teacher.bank.searchPlaceholder')}
          maxLength={100}
          onChange={(e) => {
            setTyped(e.target.value);
            // clearing the box shows every question again
            if (!e.target.value) setKeyword('');
          }}
          data-testid="bank-search"
        />
        <Button size="small" type="submit" data-testid="bank-search-go">
          {t('exams.teacher.bank.search')}
        </Button>
      </form>
      <div className="exam-bank-bar">
        <span className="muted small" data-testid="bank-count">
          {query.isSuccess ? t('exams.teacher.bank.count', { count: total }) : ''}
        </span>
        <Button size="small" color="primary" onClick={() => setEditing('new')} data-testid="bank-add">
          {t('exams.teacher.bank.add')}
        </Button>
      </div>
      <div className="bank-io-tools">
        <button type="button" className="exam-link" onClick={() => setImporting(true)} data-testid="bank-import">
          {t('exams.teacher.bankio.import')}
        </button>
        <button
          type="button"
          className="exam-link"
          disabled={exporting || total === 0}
          onClick={() => chooseFormat([])}
          data-testid="bank-export"
        >
          {exporting ? t('exams.teacher.bankio.exporting') : t('exams.teacher.bankio.export')}
        </button>
        <button
          type="button"
          className="exam-link"
          disabled={total === 0}
          onClick={() => setChosen(chosen ? null : new Set())}
          data-testid="bank-choose"
        >
          {chosen ? t('exams.teacher.bankio.stopChoosing') : t('exams.teacher.bankio.choose')}
        </button>
      </div>
      {query.isPending ? (
        <ListLoading testid="bank-loading" />
      ) : query.isError ? (
        <QueryFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <ListEmpty
          testid="bank-empty"
          title={filtered ? t('exams.teacher.bank.noMatchTitle') : t('exams.teacher.bank.emptyTitle')}
          text={filtered ? t('exams.teacher.bank.noMatchText') : t('exams.teacher.bank.emptyText')}
          action={filtered ? undefined : t('exams.teacher.bank.add')}
          onAction={() => setEditing('new')}
        />
      ) : (
        <ul className="exam-question-list">
          {rows.map((q) =>
            chosen ? (
              <QuestionRow key={q.id} q={q} chosen={chosen.has(q.id)} onToggle={() => toggle(q.id)} />
            ) : (
              <QuestionRow key={q.id} q={q} onEdit={() => setEditing(q)} onDelete={() => void remove(q)} />
            ),
          )}
          {query.hasNextPage ? (
            <Button
              block
              fill="none"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
              data-testid="bank-more"
            >
              {t('exams.teacher.bank.more')}
            </Button>
          ) : null}
        </ul>
      )}
      {chosen ? (
        <div className="bank-io-select" data-testid="bank-choose-bar">
          <span className="bank-io-select-count" data-testid="bank-chosen-count">
            {t('exams.teacher.bankio.chosen', { count: chosen.size })}
          </span>
          <Button size="small" onClick={() => setChosen(new Set(rows.map((q) => q.id)))} data-testid="bank-choose-all">
            {t('exams.teacher.bankio.chooseAll')}
          </Button>
          <Button
            size="small"
            disabled={chosen.size === 0 || exporting}
            onClick={() => chooseFormat([...chosen])}
            data-testid="bank-export-chosen"
          >
            {t('exams.teacher.bankio.export')}
          </Button>
          <Button
            size="small"
            color="primary"
            disabled={chosen.size === 0}
            onClick={() => setCopying(true)}
            data-testid="bank-copy"
          >
            {t('exams.teacher.bankio.copy')}
          </Button>
        </div>
      ) : null}
      <BankImportPopup courseId={courseId} open={importing} onClose={() => setImporting(false)} onImported={refresh} />
      <BankCopyPopup
        courseId={courseId}
        ids={chosen ? [...chosen] : []}
        open={copying}
        onClose={() => setCopying(false)}
        onCopied={() => {
          setCopying(false);
          setChosen(null);
        }}
      />
      {editing ? (
        <QuestionEditor
          question={editing === 'new' ? null : editing}
          knownPoints={(points.data?.list ?? []).map((p) => p.point)}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      ) : null}
    </div>
  );
}

/** One question: its type, difficulty, score, stem, knowledge points and what may be done to it; or a box to choose it. */
export function QuestionRow({
  q,
  onEdit,
  onDelete,
  chosen,
  onToggle,
}: {
  q: BankQuestion;
  onEdit?: () => void;
  onDelete?: () => void;
  chosen?: boolean;
  onToggle?: () => void;
}) {
  const { t } = useTranslation();
  if (onToggle)
    return (
      <li className="exam-question is-selectable" data-testid="bank-question" data-id={q.id} data-type={q.type}>
        {/* the whole row is the box's label: a tap anywhere on it chooses */}
        <Checkbox className="bank-io-check" checked={chosen} onChange={onToggle} data-testid="bank-question-check">
          <div className="bank-io-body">
            <QuestionSummary q={q} />
          </div>
        </Checkbox>
      </li>
    );
  return (
    <li className="exam-question" data-testid="bank-question" data-id={q.id} data-type={q.type}>
      <QuestionSummary q={q} />
      {onEdit || onDelete ? (
        <div className="exam-question-actions">
          {onEdit ? (
            <button type="button" className="exam-link" onClick={onEdit} data-testid="bank-question-edit">
              {t('exams.teacher.bank.edit')}
            </button>
          ) : null}
          {onDelete ? (
            <button type="button" className="exam-link danger-text" onClick={onDelete} data-testid="bank-question-delete">
              {t('exams.teacher.bank.delete')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** A question's type, difficulty, score, stem and knowledge points. */
function QuestionSummary({ q }: { q: BankQuestion }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="exam-question-tags">
        <Tag color="primary" fill="outline" data-testid="bank-question-type">
          {t(`exams.common.type.${q.type}`)}
        </Tag>
        <Tag color="default" fill="outline">
          {t(`exams.common.difficulty.${q.difficulty}`)}
        </Tag>
        {q.type !== QUESTION_TYPES.note ? (
          <span className="muted small">{t('exams.teacher.scoreN', { score: q.score })}</span>
        ) : null}
      </div>
      <div className="exam-question-stem" data-testid="bank-question-stem">
        {plainText(q.title) || '—'}
      </div>
      {q.points.length > 0 ? (
        <div className="exam-tags">
          {q.points.map((p) => (
            <span className="exam-tag is-static" key={p}>
              {p}
            </span>
          ))}
        </div>
      ) : null}
    </>
  );
}
