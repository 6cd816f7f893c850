import { useQuery } from '@tanstack/react-query';
import { List, SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { TextField } from '../../../components/TextField';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { institutionKeys, institutionsApi } from '../../institutions/api';

/**
 * The school picker (spec 1 §2): the name as typed, with the institutions whose name contains it
 * listed under it as the user types (`/AttestApi/searchJigou`); tapping one takes its exact name.
 */
export function SchoolField({
  value,
  onChange,
  error,
  maxLength,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  maxLength: number;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(value.trim());
  // a school picked from the list is not searched for again: nothing under the field comes and goes
  // after the pick, so the Save button below stays where the user is about to press it
  const [picked, setPicked] = useState<string>();
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(value.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [value]);
  const results = useQuery({
    queryKey: institutionKeys.search(keyword),
    queryFn: ({ signal }) => institutionsApi.search(keyword, signal),
    enabled: keyword.length > 0 && keyword !== picked,
    retry: retryNetworkOnly,
    staleTime: 30_000,
  });
  const searching = keyword !== picked && value.trim() !== picked;
  const list = searching ? (results.data?.list ?? []).filter((i) => i.jigou !== value.trim()) : [];
  return (
    <div className="school-field">
      <TextField
        testid="info-input"
        label={t('profile.label.school')}
        value={value}
        onChange={onChange}
        maxLength={maxLength}
        placeholder={t('profile.schoolPlaceholder')}
        error={error}
        hint={t('profile.hint.school')}
      />
      {searching && keyword && results.isFetching && list.length === 0 ? (
        <div className="school-state" aria-busy="true">
          <SpinLoading style={{ '--size': '18px' }} />
        </div>
      ) : null}
      {searching && results.isError ? <p className="muted small school-state">{t('profile.schoolSearchFailed')}</p> : null}
      {list.length > 0 ? (
        <List header={t('profile.schoolMatches')} className="school-matches" data-testid="school-matches">
          {list.map((i) => (
            <List.Item
              key={i.jigouid}
              onClick={() => {
                setPicked(i.jigou);
                onChange(i.jigou);
              }}
              data-testid="school-option"
            >
              {i.jigou}
            </List.Item>
          ))}
        </List>
      ) : null}
    </div>
  );
}
