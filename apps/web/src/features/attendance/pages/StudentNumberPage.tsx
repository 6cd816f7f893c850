import { DIGIT_CODE_LENGTH } from '@paiclass/shared';
import { Button, PasscodeInput } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translations';
import { StudentCheckinFrame } from '../components/StudentCheckinFrame';
import { useCheckin } from '../hooks/useCheckin';
import type { OpenAttence } from '../types';
import '../attendance.css';

/**
 * /checkIn/studentNumber?courseId=&courseRole=0&id=: the student types the teacher's digit code
 * (the join-code field of /joinCourse); a wrong code is said under the field and cleared, anything
 * else goes to the result pages (spec 2 §8).
 */
export default function StudentNumberPage() {
  const { t } = useTranslation();
  return (
    <StudentCheckinFrame testid="student-number-page" title={t('attendance.number.title')} notFound={t('attendance.notFound')}>
      {(courseId, a) => <CodeEntry courseId={courseId} a={a} />}
    </StudentCheckinFrame>
  );
}

function CodeEntry({ courseId, a }: { courseId: number; a: OpenAttence }) {
  const { t } = useTranslation();
  const { busy, run, checkin } = useCheckin(courseId);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (value = code) => {
    if (value.length !== DIGIT_CODE_LENGTH) {
      setError(t('attendance.number.incomplete', { count: DIGIT_CODE_LENGTH }));
      return;
    }
    const refused = await run(() => checkin({ id: Number(a.id), code: value }));
    if (refused) {
      setError(refused.message);
      setCode('');
    }
  };

  return (
    <div className="page-body att-body att-number">
      <h2 className="att-number-title" data-testid="att-number-title">
        {a.title}
      </h2>
      <p className="muted">{t('attendance.number.hint', { count: DIGIT_CODE_LENGTH })}</p>
      <PasscodeInput
        className="join-code att-code-input"
        length={DIGIT_CODE_LENGTH}
        plain
        seperated
        value={code}
        error={Boolean(error)}
        onChange={(v) => {
          setCode(v.replace(/\D/g, '').slice(0, DIGIT_CODE_LENGTH));
          setError(undefined);
        }}
        onFill={(v) => void submit(v)}
        data-testid="att-code-input"
      />
      {error ? (
        <p className="field-error att-code-error" role="alert" data-testid="att-code-error">
          {error}
        </p>
      ) : null}
      <Button block color="primary" size="large" loading={busy} onClick={() => void submit()} data-testid="att-code-submit">
        {t('attendance.number.submit')}
      </Button>
    </div>
  );
}
