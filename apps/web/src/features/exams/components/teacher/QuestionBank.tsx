import { QUESTION_TYPES } from '@paiclass/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../../components/dialogs';
import { showApiError } from '../../../../lib/api';
import { useTranslation } from '../../../../lib/translations';
import { retryNetworkOnly } from '../../../courses/api';
import { QueryFailed } from '../../../courses/components/CourseGate';
import { ListEmpty, ListLoading } from '../../../notices/components/ListStates';
import { type QuestionBody, teacherExamKeys, teacherExamsApi } from '../../api.teacher';
import type { BankQuestion } from '../../types';
import { QuestionEditor } from './QuestionEditor';
import { plainText, TYPE_VALUES } from './utils';

/**
 * The course's question bank (issue 14): filtered by type, difficulty and knowledge point; a
 * question added, edited or deleted (after a confirmation).
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
          {rows.map((q) => (
            <QuestionRow key={q.id} q={q} onEdit={() => setEditing(q)} onDelete={() => void remove(q)} />
          ))}
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

/** One question: its type, difficulty, score, stem, knowledge points and what may be done to it. */
export function QuestionRow({ q, onEdit, onDelete }: { q: BankQuestion; onEdit?: () => void; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="exam-question" data-testid="bank-question" data-id={q.id} data-type={q.type}>
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
