import { Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translations';
import type { TeachClass } from '../api';
import { teachClassTerm } from '../utils';

/** A scheduled course: name, class, semester and term, with a state tag and, below, what the step adds. */
export function TeachClassCard({
  tc,
  tag,
  children,
  onOpen,
}: {
  tc: TeachClass;
  tag?: { text: string; color: 'success' | 'default' | 'warning' | 'primary' };
  children?: ReactNode;
  /** opens the bound course */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const main = (
    <>
      <span className="tc-card-text">
        <span className="tc-card-name" data-testid="tc-name">
          {tc.coursename}
        </span>
        <span className="tc-card-line" data-testid="tc-class">
          {tc.classname || t('institutions.schedule.noClass')}
        </span>
        <span className="tc-card-line" data-testid="tc-term">
          {teachClassTerm(t, tc)}
        </span>
        {tc.bindname ? (
          <span className="tc-card-line" data-testid="tc-bound">
            {t('institutions.schedule.boundTo', { name: tc.bindname })}
          </span>
        ) : null}
      </span>
      {tag ? (
        <Tag color={tag.color} fill="outline" className="tc-card-tag" data-testid="tc-state">
          {tag.text}
        </Tag>
      ) : null}
      {onOpen ? <RightOutline className="tc-card-arrow" /> : null}
    </>
  );
  return (
    <li className="tc-card" data-testid="tc-card" data-id={tc.id} data-classid={tc.classid}>
      {onOpen ? (
        <button type="button" className="tc-card-main is-link" onClick={onOpen} data-testid="tc-open">
          {main}
        </button>
      ) : (
        <div className="tc-card-main">{main}</div>
      )}
      {children}
    </li>
  );
}
