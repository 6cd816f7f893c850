import { JIGOU_NAME_MAX } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, List, Popup, SearchBar, type SearchBarRef, SpinLoading } from 'antd-mobile';
import { CheckOutline, CloseOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { BodyTestId } from '../../../components/BodyTestId';
import { RequiredLabel } from '../../../components/RequiredLabel';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { type Institution, institutionKeys, institutionsApi } from '../api';

/** typing pauses this long before the search goes out */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The school-or-institution row of the certification form: tapping it opens a bottom sheet that
 * searches `/AttestApi/searchJigou` as the user types (spec 1 §5). The row is `attest-jigou`, its
 * error `attest-jigou-error`; the sheet `jigou-popup`, its input `jigou-search`, each result `jigou-option`.
 */
export function InstitutionPicker({
  value,
  onChange,
  error,
}: {
  value: Institution | null;
  onChange: (value: Institution) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className={`field picker-field${error ? ' field-invalid' : ''}`}>
      <div className="field-label">
        <RequiredLabel text={t('institutions.form.jigou')} />
      </div>
      <List className="picker-list">
        <List.Item onClick={() => setOpen(true)} data-testid="attest-jigou" arrowIcon>
          {value ? (
            <span className="picker-value" data-testid="attest-jigou-value">
              {value.jigou}
            </span>
          ) : (
            <span className="picker-placeholder">{t('institutions.form.jigouPlaceholder')}</span>
          )}
        </List.Item>
      </List>
      {error ? (
        <div className="field-error" role="alert" data-testid="attest-jigou-error">
          {error}
        </div>
      ) : null}
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="sheet-popup jigou-popup"
        destroyOnClose
      >
        <BodyTestId id="jigou-popup" />
        <SearchSheet
          selected={value?.jigouid ?? 0}
          onClose={() => setOpen(false)}
          onPick={(picked) => {
            onChange(picked);
            setOpen(false);
          }}
        />
      </Popup>
    </div>
  );
}

function SearchSheet({
  selected,
  onClose,
  onPick,
}: {
  selected: number;
  onClose: () => void;
  onPick: (value: Institution) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const searchRef = useRef<SearchBarRef>(null);
  useLayoutEffect(() => {
    searchRef.current?.nativeElement?.setAttribute('data-testid', 'jigou-search');
  });

  const results = useQuery({
    queryKey: institutionKeys.search(keyword),
    queryFn: ({ signal }) => institutionsApi.search(keyword, signal),
    retry: retryNetworkOnly,
    staleTime: 30_000,
  });
  // the answer on screen is for what was typed only once the pause is over and the search is back
  const waiting = typed.trim() !== keyword || results.isFetching;
  const list = results.data?.list ?? [];

  let body: ReactNode;
  if (results.isError && !waiting) {
    body = (
      <div className="jigou-state" data-testid="jigou-error">
        <p className="sheet-empty">
          {t('institutions.picker.failed')}: {errorMessage(results.error)}
        </p>
        <Button size="small" color="primary" fill="outline" onClick={() => void results.refetch()} data-testid="jigou-retry">
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (results.isPending || (waiting && list.length === 0)) {
    body = (
      <div className="jigou-state" data-testid="jigou-loading" aria-busy="true">
        <SpinLoading color="primary" style={{ '--size': '28px' }} />
        <span className="muted small">{t('common.loading')}</span>
      </div>
    );
  } else if (list.length === 0) {
    body = (
      <div className="jigou-state" data-testid="jigou-empty">
        <p className="sheet-empty jigou-empty-title">{t('institutions.picker.empty')}</p>
        <p className="muted small">{t('institutions.picker.emptyHint')}</p>
      </div>
    );
  } else {
    body = (
      <ul className="jigou-results" data-testid="jigou-results" aria-busy={waiting}>
        {list.map((item) => (
          <li key={item.jigouid}>
            <button
              type="button"
              className={`jigou-option${item.jigouid === selected ? ' is-selected' : ''}`}
              onClick={() => onPick(item)}
              data-testid="jigou-option"
              data-id={item.jigouid}
            >
              <span className="jigou-option-name">{item.jigou}</span>
              {item.jigouid === selected ? <CheckOutline className="jigou-option-check" /> : null}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <div className="sheet-head">
        <span className="sheet-title">{t('institutions.picker.title')}</span>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')} data-testid="jigou-close">
          <CloseOutline />
        </button>
      </div>
      <SearchBar
        ref={searchRef}
        className="jigou-search"
        placeholder={t('institutions.picker.search')}
        value={typed}
        onChange={setTyped}
        onSearch={(v) => setKeyword(v.trim())}
        onClear={() => setKeyword('')}
        maxLength={JIGOU_NAME_MAX}
      />
      <div className="jigou-body">{body}</div>
    </>
  );
}
