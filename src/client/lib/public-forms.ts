// Feedback and newsletter sign-up: small writes that public pages make. Loaded on first use, so
// the landing page's first paint carries none of it (nor zod).
import { messageResponse } from '../../shared/api.ts';
import type { FeedbackForm } from '../../shared/feedback.ts';
import { api } from '../api/client.ts';
import { parse } from '../api/parse.ts';

/** POST /api/feedback → 201 {message}. */
export const sendFeedback = (input: FeedbackForm) =>
  api.post('api/feedback', { json: input }).json().then(parse(messageResponse));

/** POST /api/newsletter → 202 {message}; the address counts once the mailed link is opened. */
export const signUpForNewsletter = (email: string) =>
  api.post('api/newsletter', { json: { email } }).json().then(parse(messageResponse));

/** POST /api/newsletter:confirm → 200 {message}. */
export const confirmNewsletter = (token: string) =>
  api.post('api/newsletter:confirm', { json: { token } }).json().then(parse(messageResponse));
