import { USERTYPE_STUDENT, USERTYPE_TEACHER } from '@paiclass/shared';
import { Selector } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';

/** Teacher or student (usertype 1 or 0, spec 1 §1). */
export function IdentityPicker({ value, onChange, error }: { value: number; onChange: (value: number) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <div className="field-label">{t('register.identity')}</div>
      <Selector
        className="identity-picker"
        columns={2}
        showCheckMark
        value={[value]}
        onChange={(next) => {
          if (next.length > 0) onChange(next[0]);
        }}
        options={[
          { label: <span data-testid="register-usertype-teacher">{t('register.teacher')}</span>, value: USERTYPE_TEACHER },
          { label: <span data-testid="register-usertype-student">{t('register.student')}</span>, value: USERTYPE_STUDENT },
        ]}
      />
      {error ? (
        <div className="field-error" role="alert" data-testid="register-usertype-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
