import { Dialog } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { titleWithTestId } from '../../../components/BodyTestId';
import { testId } from '../../../lib/testid';
import { useTranslation } from '../../../lib/translations';
import '../institutions.css';

/** The identity-authentication prompt's dialog (see AttestPrompt, which decides when it shows). */
export function AttestPromptDialog({
  visible,
  jigou,
  onLater,
  onGo,
}: {
  visible: boolean;
  jigou: string;
  onLater: () => void;
  onGo: () => void;
}) {
  const { t } = useTranslation();
  // mounted closed, then opened, so that the dialog fades in as antd's does
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  return (
    <Dialog
      visible={visible && mounted}
      title={titleWithTestId(t('institutions.prompt.title'), 'attest-prompt')}
      closeOnMaskClick={false}
      content={
        <div className="attest-prompt-body">
          <p className="attest-prompt-text" data-testid="attest-prompt-text">
            {t('institutions.prompt.text', { jigou: jigou })}
          </p>
          <p className="attest-prompt-hint">{t('institutions.prompt.hint')}</p>
        </div>
      }
      actions={[
        [
          {
            key: 'later',
            text: t('institutions.prompt.later'),
            onClick: onLater,
            ...testId('attest-prompt-later'),
          },
          {
            key: 'go',
            text: t('institutions.prompt.go'),
            bold: true,
            onClick: onGo,
            ...testId('attest-prompt-go'),
          },
        ],
      ]}
    />
  );
}
