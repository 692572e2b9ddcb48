import type { ApiError } from '../../../../shared/api.ts';
import type { PasswordCheckInput } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { apiError, httpStatus, isNetworkError } from '../../../api/errors.ts';
import { parseLazily } from '../../../api/parse.ts';

const INVALID_LINK = 'Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Fordere bitte einen neuen an.';

/** POST /api/account/password:check → 200 while the mailed link can still be used, else 422. */
export const checkResetLink = (input: PasswordCheckInput) =>
  api
    .post('api/account/password:check', { json: input, retry: 0 })
    .json()
    // The route's loader runs this: the schema loads with the answer.
    .then(parseLazily(() => import('../../../../shared/api.ts').then((m) => m.messageResponse)));

/**
 * Why the reset form would fail, asked before it is shown: null when the link is usable, or when
 * we cannot tell (offline; submitting the form will say).
 */
export async function resetLinkProblem(input: PasswordCheckInput): Promise<ApiError | null> {
  if (!input.token || !input.email) return { message: INVALID_LINK, errors: {} };
  try {
    await checkResetLink(input);
    return null;
  } catch (error) {
    if (isNetworkError(error)) return null;
    const answer = apiError(error);
    // A malformed link (e.g. a broken address) fails the schema: that is an invalid link too.
    if (httpStatus(error) === 422 && !answer.errors?.token) return { message: INVALID_LINK, errors: {} };
    return answer;
  }
}
