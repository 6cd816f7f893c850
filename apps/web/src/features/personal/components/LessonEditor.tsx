import { profileTextProblem, TEACHCOURSE_MAX, TEACHCOURSE_TITLE_MAX, USERTYPE_TEACHER } from '@paiclass/shared';
import { Button, List } from 'antd-mobile';
import { CloseCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { TextField } from '../../../components/TextField';
import { useTranslation } from '../../../lib/translations';
import { SaveButton } from './SaveButton';

/** Taught courses (spec 1 §2, §6): a list the teacher adds to and removes from, saved together. */
export function LessonEditor({
  initial,
  saving,
  onSave,
}: {
  initial: string[];
  saving: boolean;
  onSave: (list: string[]) => void;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState(initial);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const value = typed.trim();
    const found = profileTextProblem('lesson', value, USERTYPE_TEACHER);
    if (found) return setProblem(found);
    if (list.length >= TEACHCOURSE_MAX) return setProblem('validation.profileLessonsMax');
    if (!list.includes(value)) setList([...list, value]);
    setTyped('');
    setProblem(null);
  };

  return (
    <div>
      {list.length ? (
        <List header={t('profile.lessonList', { n: list.length })} className="info-items" data-testid="lesson-list">
          {list.map((c) => (
            <List.Item
              key={c}
              data-testid="lesson-item"
              extra={
                <Button
                  fill="none"
                  size="small"
                  aria-label={t('profile.remove', { name: c })}
                  onClick={() => setList(list.filter((x) => x !== c))}
                  data-testid="lesson-remove"
                >
                  <CloseCircleOutline />
                </Button>
              }
            >
              {c}
            </List.Item>
          ))}
        </List>
      ) : (
        <p className="muted info-empty" data-testid="lesson-empty">
          {t('profile.lessonEmpty')}
        </p>
      )}
      <div className="info-add-row">
        <TextField
          testid="lesson-input"
          value={typed}
          onChange={(v) => {
            setTyped(v);
            setProblem(null);
          }}
          maxLength={TEACHCOURSE_TITLE_MAX}
          placeholder={t('profile.lessonPlaceholder')}
          error={problem ? t(problem) : undefined}
          onEnterPress={add}
          extra={
            <Button size="small" color="primary" fill="outline" onClick={add} data-testid="lesson-add">
              {t('profile.add')}
            </Button>
          }
        />
      </div>
      <div className="info-footer">
        <SaveButton loading={saving} onClick={() => onSave(list)} />
      </div>
    </div>
  );
}
