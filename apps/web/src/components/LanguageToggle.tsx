import { applyLanguage, currentLanguage } from '../lib/i18n';
import { useTranslation } from '../lib/translations';

/** 中文 / EN for pages without an account (the device remembers the choice). */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const next = currentLanguage() === 'zh' ? 'en' : 'zh';
  return (
    <button
      type="button"
      className={`lang-toggle${className ? ` ${className}` : ''}`}
      onClick={() => applyLanguage(next)}
      data-testid="login-lang-toggle"
      // the visible words first in the accessible name (WCAG 2.5.3), then what the button does
      aria-label={`${t('common.otherLanguage')} · ${t('common.switchLanguage')}`}
    >
      {t('common.otherLanguage')}
    </button>
  );
}
