import { Button, Result } from 'antd-mobile';
import { PageNavBar } from '../../../components/PageNavBar';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { courseHomePath } from '../../courses/utils';
import type { AttestResult } from '../api';
import { TeachClassCard } from './TeachClassCard';

/**
 * A student's step after certifying (spec 1 §5: students are joined automatically): the scheduled
 * courses that list them, joined where the teacher has opened the course, "not opened yet" elsewhere.
 */
export function JoinedStep({ result, onDone }: { result: AttestResult; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageNavBar title={t('institutions.joined.title')} onBack={onDone} />
      <div className="page-body attest-joined" data-testid="joined-step">
        <Result
          className="attest-joined-result"
          status="success"
          title={<span data-testid="joined-title">{t('institutions.joined.title')}</span>}
          description={t('institutions.joined.intro', { jigou: result.jigou })}
        />
        {result.courses.length === 0 ? (
          <p className="sheet-empty" data-testid="joined-none">
            {t('institutions.joined.none')}
          </p>
        ) : (
          <ul className="tc-list" data-testid="joined-list">
            {result.courses.map((tc) => {
              const joined = Number(tc.classid) > 0;
              return (
                <TeachClassCard
                  key={tc.id}
                  tc={tc}
                  tag={
                    joined
                      ? { text: t('institutions.joined.joinedTag'), color: 'success' }
                      : { text: t('institutions.schedule.notOpened'), color: 'default' }
                  }
                  onOpen={joined ? () => navigate(courseHomePath(Number(tc.classid), 0)) : undefined}
                />
              );
            })}
          </ul>
        )}
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          onClick={onDone}
          className="submit-button"
          data-testid="joined-done"
        >
          {t('institutions.joined.done')}
        </Button>
      </div>
    </>
  );
}
