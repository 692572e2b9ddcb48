// Feedback and newsletter sign-up: small writes that public pages make. Loaded on first use, so
// the landing page's first paint carries none of it (nor zod).
import type { FeedbackForm } from '../../shared/feedback.ts';
import { api } from '../api/client.ts';
import { parseLazily } from '../api/parse.ts';

/** POST /api/feedback → 201 {message}. */
export const sendFeedback = (input: FeedbackForm) =>
  api
    .post('api/feedback', { json: input })
    .json()
    .then(parseLazily(() => import('../../shared/api.ts').then((m) => m.messageResponse)));

/** POST /api/newsletter → 202 {message}; the address counts once the mailed link is opened. */
export const signUpForNewsletter = (email: string) =>
  api
    .post('api/newsletter', { json: { email } })
    .json()
    .then(parseLazily(() => import('../../shared/api.ts').then((m) => m.messageResponse)));

/** POST /api/newsletter:confirm → 200 {message}. */
export const confirmNewsletter = (token: string) =>
  api
    .post('api/newsletter:confirm', { json: { token } })
    .json()
    .then(parseLazily(() => import('../../shared/api.ts').then((m) => m.messageResponse)));
