import {
  type CallInput,
  type CallOutput,
  type CallSpec,
  CORE_CODES,
  DEFAULT_TAB,
  type Envelope,
  REQUEST_TIMEOUT_MS,
} from '@paiclass/shared';
import { fileNameOf } from './files';
import i18n, { currentLanguage } from './i18n';
import { currentLocation, navigateTo } from './navigation';
import { joinOfferPath } from './returnPath';
import { endSession } from './session';
import { getToken, STORAGE_KEYS, session } from './storage';

/** A refused call: the envelope's code and its message in the caller's language. */
export class ApiError extends Error {
  readonly code: number;
  /** true when the client already acted on it (went to /login or to a forced page) */
  readonly handled: boolean;

  constructor(code: number, message: string, handled = false) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.handled = handled;
  }
}

/** Code of a failure that never reached the server (network down, timeout, not an envelope). */
export const NETWORK_ERROR = -1;

export const FORCE_PASSWORD_PATH = '/accoundNumberInfo?bind=password&force=1';
export const FORCE_BIND_PATH = '/accoundNumberInfo?bind=mobile&force=1';

export interface ApiOptions {
  /** a token other than the stored one (the fast-register ticket) */
  token?: string;
  signal?: AbortSignal;
}

function onRefusal(code: number, message: string): boolean {
  if (code === CORE_CODES.notLoggedIn) {
    // spec 1 §4, spec 2 §8: clear all local and session storage and go to /login
    endSession();
    navigateTo('/login', { replace: true });
    return true;
  }
  if (code === CORE_CODES.mustResetPassword) {
    if (!currentLocation().startsWith('/accoundNumberInfo?bind=password')) navigateTo(FORCE_PASSWORD_PATH, { replace: true });
    return true;
  }
  if (code === CORE_CODES.mustBindContact) {
    if (!currentLocation().startsWith('/accoundNumberInfo')) navigateTo(FORCE_BIND_PATH, { replace: true });
    return true;
  }
  if (code === CORE_CODES.courseGone) {
    // spec 2 §8: the course is gone or the caller is not (or no longer) in it: forget the stored course.
    session.remove(STORAGE_KEYS.courseId);
    // issue 12 item 7: a course link (a shared course or homework address) is not a dead end: the
    // join-code step is offered, and after joining the link opens (the server does not tell a gone
    // course from one the caller is not in, so the offer says both)
    // a page's other calls answering 30202 after the offer opened leave it alone
    if (window.location.pathname.toLowerCase() === '/joincourse') return true;
    const offer = joinOfferPath(currentLocation());
    if (offer) {
      navigateTo(offer, { replace: true });
      return true;
    }
    void import('../components/alerts').then(({ showToast }) => showToast(message));
    if (window.location.pathname.toLowerCase() !== DEFAULT_TAB.toLowerCase()) navigateTo(DEFAULT_TAB, { replace: true });
    return true;
  }
  if (code === CORE_CODES.courseClosed) {
    // spec 1 §5, spec 2 §2: a student in an ended course closed to visits (any call of it, e.g. from
    // a link straight to one of its pages): the system reminder once, then the course list
    session.remove(STORAGE_KEYS.courseId);
    if (!closedReminderShown) {
      closedReminderShown = true;
      void Promise.all([import('../components/alerts'), import('../components/BodyTestId')])
        .then(([{ showAlert }, { contentWithTestId }]) =>
          showAlert({ content: contentWithTestId(message, 'course-closed-dialog'), confirmText: i18n.t('common.ok') }),
        )
        .finally(() => {
          closedReminderShown = false;
          if (window.location.pathname.toLowerCase() !== DEFAULT_TAB.toLowerCase()) navigateTo(DEFAULT_TAB, { replace: true });
        });
    }
    return true;
  }
  return false;
}

/** The closed-course reminder is open: the page's other refused calls do not stack more of it. */
let closedReminderShown = false;

/** Sends a call: JSON (or a FormData, as multipart), the stored token, the caller's language, a timeout. */
async function send(path: string, body: object | undefined, options: ApiOptions, accept: string): Promise<Response> {
  // a multipart body (an upload chunk) sets its own content type with the boundary
  const multipart = body instanceof FormData;
  const headers: Record<string, string> = {
    ...(multipart ? {} : { 'Content-Type': 'application/json' }),
    Accept: accept,
    'Accept-Language': currentLanguage(),
  };
  const token = options.token ?? getToken();
  if (token) headers.token = token;

  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());
  try {
    return await fetch(path, {
      method: 'POST',
      headers,
      body: multipart ? body : JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
  } catch {
    const timedOut = controller.signal.aborted && !options.signal?.aborted;
    throw new ApiError(NETWORK_ERROR, timedOut ? i18n.t('common.timeout') : i18n.t('common.networkError'));
  } finally {
    window.clearTimeout(timer);
  }
}

/** Unwraps an envelope: status 1 gives `data`; a refusal is acted on (see onRefusal) and thrown. */
async function unwrap<T>(response: Response): Promise<T> {
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(NETWORK_ERROR, i18n.t('common.serverUnavailable'));
  }
  if (!envelope || typeof envelope !== 'object' || !('status' in envelope)) {
    throw new ApiError(NETWORK_ERROR, i18n.t('common.serverUnavailable'));
  }
  if (Number(envelope.status) === 1) return envelope.data;

  const code = Number(envelope.code);
  const message = envelope.message || i18n.t('common.error');
  const handled = onRefusal(code, message);
  throw new ApiError(code, message, handled);
}

/**
 * POSTs JSON (or a FormData, as multipart) to the API and unwraps the envelope: status 1 gives
 * `data`, anything else throws an ApiError with the server's (localised) message. The stored token
 * goes in the `token` header.
 */
export async function api<T>(path: string, body?: object, options: ApiOptions = {}): Promise<T> {
  return unwrap<T>(await send(path, body, options, 'application/json'));
}

/**
 * A call that answers a file (an export): its bytes and name. A refusal still comes as the
 * envelope and is handled exactly as for `api` (an expired session goes to /login).
 */
export async function apiFile(
  path: string,
  body: object,
  fallbackName: string,
  options: ApiOptions = {},
): Promise<{ blob: Blob; name: string }> {
  const response = await send(path, body, options, '*/*');
  if ((response.headers.get('content-type') ?? '').includes('application/json')) return unwrap<never>(response);
  if (!response.ok) throw new ApiError(NETWORK_ERROR, i18n.t('common.serverUnavailable'));
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
}

/** What a page sends to a call: its declared input, or for a multipart call the form with its file. */
export type CallBody<C extends CallSpec> = C['transport'] extends 'multipart' ? FormData : CallInput<C>;

/**
 * Makes a declared call (decision 026): the path comes from the contract, the body is checked against
 * the call's input type and the answer has its output type. Pages name calls, never paths.
 */
export function call<C extends CallSpec>(spec: C, ...[body, options]: CallArgs<C>): Promise<CallOutput<C>> {
  return api<CallOutput<C>>(spec.path, body as object | undefined, options);
}
type CallArgs<C extends CallSpec> =
  unknown extends CallBody<C> ? [body?: CallBody<C>, options?: ApiOptions] : [body: CallBody<C>, options?: ApiOptions];

/** A declared call that answers a file (an export): its bytes and name, or the refusal thrown as `call` does. */
export function callFile<C extends CallSpec & { answersFile: true }>(
  spec: C,
  body: CallInput<C>,
  fallbackName: string,
  options: ApiOptions = {},
) {
  return apiFile(spec.path, body as object, fallbackName, options);
}

/** The address of a declared GET call with its query, for an <img>, a link or a download. */
export function callUrl<C extends CallSpec & { transport: 'query' }>(spec: C, query: Record<string, string | number>) {
  return `${spec.path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
}

/** The message to show for any failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return i18n.t('common.error');
}

/**
 * Shows a server refusal in a "system prompt" alert (spec 2 §8). Forms show theirs inline instead.
 * Refusals the client already acted on (20003, 20010, 20011, 30202) show nothing more.
 */
export function showApiError(error: unknown) {
  if (error instanceof ApiError && error.handled) return;
  // the dialog is fetched on first use: it is not first-load code (issue 10)
  void import('../components/alerts').then(({ showAlert }) =>
    showAlert({ title: i18n.t('common.systemPrompt'), content: errorMessage(error), confirmText: i18n.t('common.ok') }),
  );
}

/** A URL with a cache-busting `t` parameter, to reload a picture code (docs/api.md 21008). */
export function withTimestamp(url: string) {
  const base = url.replace(/([?&])t=\d+(&|$)/, (_m, lead: string, tail: string) => (tail ? lead : '')).replace(/[?&]$/, '');
  return `${base}${base.includes('?') ? '&' : '?'}t=${Date.now()}`;
}
