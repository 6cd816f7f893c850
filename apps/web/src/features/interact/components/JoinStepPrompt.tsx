import { Dialog } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { titleWithTestId } from '../../../components/BodyTestId';
import { useNavigate } from '../../../lib/router';
import { askedInTab, STORAGE_KEYS } from '../../../lib/storage';
import { testId } from '../../../lib/testid';
import { useTranslation } from '../../../lib/translations';
import { useInteractEvents } from '../hooks/useInteractEvents';
import { usePendingSteps } from '../hooks/usePendingSteps';
import { interactPaths } from '../paths';

/** the steps asked about in this tab: once each, whichever course page the student is on (decision 029) */
const askedSteps = askedInTab<number>(STORAGE_KEYS.askedSteps);

/**
 * Spec 2 §8: a student entering the course, or in it when the teacher starts a step
 * (`Interact.stepStart`), is asked "join?" about a step taking answers they have not answered; with
 * several waiting they are sent to the list of interactive answers. Each step is asked about once in a
 * tab: the course-level layer (ClassEvents) mounts it on every course page, and a step dismissed on one
 * page is not asked again on the next (the course home's OpenStepsBar keeps it reachable).
 */
export function JoinStepPrompt({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = usePendingSteps(courseId);
  const asked = useRef(askedSteps);
  const dialog = useRef<{ close: () => void } | null>(null);
  /** the steps the open question is about */
  const about = useRef<number[]>([]);
  useEffect(() => () => dialog.current?.close(), []);
  // a started step rereads every interact query, this one among them
  useInteractEvents(courseId);

  const list = pending.data?.list ?? [];
  const fresh = list.filter((s) => !asked.current.has(s.stepid));
  const ask = fresh.map((s) => s.stepid).join(',');
  const waiting = list.map((s) => s.stepid).join(',');

  // a question about steps no longer taking answers (closed, or answered on another device) goes away
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the waiting steps
  useEffect(() => {
    if (!dialog.current || !pending.data) return;
    if (about.current.every((id) => !list.some((s) => s.stepid === id))) {
      dialog.current.close();
      dialog.current = null;
    }
  }, [waiting]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per new set of waiting steps
  useEffect(() => {
    if (fresh.length === 0) return;
    for (const s of list) asked.current.add(s.stepid);
    about.current = list.map((s) => s.stepid);
    dialog.current?.close();
    if (list.length === 1) {
      const step = list[0]!;
      dialog.current = Dialog.show({
        title: titleWithTestId(t('interact.prompt.title'), 'ia-prompt-dialog'),
        content: t('interact.prompt.one'),
        closeOnAction: true,
        actions: [
          [
            { key: 'cancel', text: t('common.cancel'), ...testId('ia-prompt-cancel') },
            {
              key: 'join',
              text: t('interact.prompt.join'),
              bold: true,
              onClick: () => navigate(interactPaths.answer(courseId, step.stepid, step.interactid)),
              ...testId('ia-prompt-join'),
            },
          ],
        ],
      });
    } else {
      dialog.current = Dialog.show({
        title: titleWithTestId(t('interact.prompt.title'), 'ia-prompt-dialog'),
        content: t('interact.prompt.many'),
        closeOnAction: true,
        actions: [
          [
            { key: 'cancel', text: t('common.cancel'), ...testId('ia-prompt-cancel') },
            {
              key: 'list',
              text: t('interact.prompt.toList'),
              bold: true,
              onClick: () => navigate(interactPaths.detail(courseId, 0)),
              ...testId('ia-prompt-list'),
            },
          ],
        ],
      });
    }
  }, [ask]);
  return null;
}
