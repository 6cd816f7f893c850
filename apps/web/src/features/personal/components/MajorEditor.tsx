import {
  cutMajorTitle,
  MAJOR_CATALOGUE,
  MAJOR_TITLE_MAX,
  MAJOR_TYPES,
  MAJORS_MAX,
  type MajorType,
  profileTextProblem,
  USERTYPE_TEACHER,
} from '@paiclass/shared';
import { Button, List, Popup, SearchBar, Tabs } from 'antd-mobile';
import { AddOutline, CheckOutline, CloseCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { BodyTestId } from '../../../components/BodyTestId';
import { TextField } from '../../../components/TextField';
import { currentLanguage } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/translations';
import { majorTitle } from '../majorTitle';
import { SaveButton } from './SaveButton';

type Major = { type: MajorType; id: string; title: string };
const same = (a: Major, b: Major) => a.type === b.type && a.id === b.id && (a.type !== '0' || a.title === b.title);

/**
 * Majors (spec 1 §2, §5): the teacher's list, and an add sheet with tabs for higher, vocational and
 * secondary education (the catalogue, searchable) and manual entry, cut at 12 characters.
 */
export function MajorEditor({
  initial,
  saving,
  onSave,
}: {
  initial: { type: string; id: string; title: string }[];
  saving: boolean;
  onSave: (majors: Major[]) => void;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState<Major[]>(initial as Major[]);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const add = (m: Major) => {
    if (list.some((x) => same(x, m))) return setAdding(false);
    if (list.length >= MAJORS_MAX) {
      setProblem('validation.profileMajorsMax');
      return setAdding(false);
    }
    setList([...list, m]);
    setProblem(null);
    setAdding(false);
  };

  return (
    <div>
      {list.length ? (
        <List header={t('profile.majorList', { n: list.length })} className="info-items" data-testid="major-list">
          {list.map((m) => (
            <List.Item
              key={`${m.type}|${m.id}|${m.title}`}
              data-testid="major-item"
              description={t(`profile.majorType.${m.type}`)}
              extra={
                <Button
                  fill="none"
                  size="small"
                  aria-label={t('profile.remove', { name: majorTitle(m) })}
                  onClick={() => setList(list.filter((x) => !same(x, m)))}
                  data-testid="major-remove"
                >
                  <CloseCircleOutline />
                </Button>
              }
            >
              {majorTitle(m)}
            </List.Item>
          ))}
        </List>
      ) : (
        <p className="muted info-empty" data-testid="major-empty">
          {t('profile.majorEmpty')}
        </p>
      )}
      {problem ? (
        <div className="field-error" role="alert">
          {t(problem)}
        </div>
      ) : null}
      <Button
        block
        fill="outline"
        color="primary"
        onClick={() => setAdding(true)}
        data-testid="major-add"
        className="info-add-button"
      >
        <AddOutline /> {t('profile.majorAdd')}
      </Button>
      <div className="info-footer">
        <SaveButton loading={saving} onClick={() => onSave(list)} />
      </div>
      <Popup
        visible={adding}
        onMaskClick={() => setAdding(false)}
        onClose={() => setAdding(false)}
        bodyClassName="sheet-popup major-popup"
        destroyOnClose
      >
        <BodyTestId id="major-popup" />
        <MajorSheet chosen={list} onPick={add} />
      </Popup>
    </div>
  );
}

function MajorSheet({ chosen, onPick }: { chosen: Major[]; onPick: (m: Major) => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MajorType>(MAJOR_TYPES.higher);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const en = currentLanguage() === 'en';

  const addTyped = () => {
    const title = cutMajorTitle(typed);
    const found = profileTextProblem('majorTitle', title, USERTYPE_TEACHER);
    if (found) return setProblem(found);
    onPick({ type: MAJOR_TYPES.manual, id: '', title });
  };

  return (
    <div className="major-sheet">
      <Tabs activeKey={tab} onChange={(k) => setTab(k as MajorType)}>
        {(['1', '2', '3', '0'] as MajorType[]).map((k) => (
          <Tabs.Tab key={k} title={<span data-testid={`major-tab-${k}`}>{t(`profile.majorType.${k}`)}</span>} />
        ))}
      </Tabs>
      {tab === MAJOR_TYPES.manual ? (
        <div className="major-manual">
          <TextField
            testid="major-manual-input"
            value={typed}
            // spec 1 §5: manual entry is cut at 12 characters
            onChange={(v) => {
              setTyped([...v].slice(0, MAJOR_TITLE_MAX).join(''));
              setProblem(null);
            }}
            placeholder={t('profile.majorManualPlaceholder')}
            error={problem ? t(problem) : undefined}
            hint={t('profile.hint.majorManual')}
          />
          <Button block color="primary" onClick={addTyped} data-testid="major-manual-add">
            {t('profile.add')}
          </Button>
        </div>
      ) : (
        <div className="major-catalogue">
          <SearchBar value={search} onChange={setSearch} placeholder={t('profile.majorSearch')} />
          <List className="major-options">
            {MAJOR_CATALOGUE[tab]
              .filter(
                (m) => !search.trim() || m.zh.includes(search.trim()) || m.en.toLowerCase().includes(search.trim().toLowerCase()),
              )
              .map((m) => {
                const picked = chosen.some((c) => c.type === tab && c.id === m.id);
                return (
                  <List.Item
                    key={m.id}
                    onClick={() => onPick({ type: tab, id: m.id, title: m.zh })}
                    extra={picked ? <CheckOutline className="picked" /> : null}
                    data-testid="major-option"
                  >
                    {en ? m.en : m.zh}
                  </List.Item>
                );
              })}
          </List>
        </div>
      )}
    </div>
  );
}
