import { type CodeName, PUBLISH_STATES, type TestBatchInput, testSettingsFields } from '@paiclass/shared';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { requireManagedTest, type TestAccess } from './exams.queries';
import { endTestpaper, publishTestpaper, setTestpaper } from './papers.service';

/*
 * `/TestpaperApi/batch` (`/testing/batch`, issue 14): one action on several tests of a course — publish
 * drafts now, end tests under way, or give them all the same settings. Every test is checked first, a
 * refusal names the test; then every action runs in one transaction, so one test refused by its own
 * rules (a close before its begin, say) changes none of them.
 */

const SETTING_KEYS = Object.keys(testSettingsFields) as (keyof typeof testSettingsFields)[];

/** A refusal about one test of the batch, with the code it would have alone: its title, then why. */
const about = (title: string, code: CodeName, reason = `errors.${code}`, params: Record<string, string | number> = {}) =>
  new AppError(code, 'errors.batchItem', { ...params, title, reason });

export async function batchTests(ctx: AppContext, user: User, input: TestBatchInput) {
  const ids = [...new Set(input.ids)];
  const settings = Object.fromEntries(SETTING_KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
  if (input.action === 'settings' && Object.keys(settings).length === 0) throw badField('validation.batchSettings', ['action']);
  const tests: TestAccess[] = [];
  for (const id of ids) tests.push(await requireManagedTest(ctx, user, input.courseid, id));
  for (const { item, test } of tests) {
    const draft = item.publishState === PUBLISH_STATES.draft;
    if (input.action === 'publish' && !draft) throw about(item.title, 'testPublished');
    if (input.action === 'end' && draft) throw about(item.title, 'testNotPublished');
    if (input.action === 'end' && test.endedAt) throw about(item.title, 'testClosed');
    if (input.action === 'settings' && !draft && settings.offline !== undefined && (settings.offline === 1) !== test.offline)
      throw about(item.title, 'testPublished');
  }
  await inTransaction(ctx, async (t) => {
    for (const { item } of tests) {
      try {
        if (input.action === 'publish') await publishTestpaper(t, user, input.courseid, item.id, 0);
        else if (input.action === 'end') await endTestpaper(t, user, input.courseid, item.id);
        else await setTestpaper(t, user, { courseid: input.courseid, id: item.id, ...settings });
      } catch (e) {
        // the test's own rules refused it: say which test, in the words its refusal had
        if (e instanceof AppError) throw about(item.title, e.codeName, e.messageKey, e.params);
        throw e;
      }
    }
  });
  return { action: input.action, count: tests.length, ids: tests.map((a) => a.item.id) };
}
