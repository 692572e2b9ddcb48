import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { apiError } from '../api/errors.ts';
import { Banner } from './banner.tsx';

const signUp = (email: string) => import('../lib/public-forms.ts').then((m) => m.signUpForNewsletter(email));

/**
 * Newsletter sign-up with double opt-in (landing page, project page): the server mails a link,
 * and only the link makes the address count. Light-on-dark when `tone` is `dark`.
 */
export function NewsletterForm({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const mutation = useMutation({ mutationFn: signUp });
  const server = mutation.isError ? apiError(mutation.error) : undefined;
  const fieldError = server?.errors?.email?.[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.mutate(String(new FormData(event.currentTarget).get('email') ?? ''));
  }

  const label = tone === 'dark' ? 'text-white' : 'text-slate-800';
  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-3">
      <label htmlFor="newsletter-email" className={`block text-sm font-medium ${label}`}>
        Deine E-Mail-Adresse
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'newsletter-email-error' : undefined}
          className="block min-h-11 w-full grow rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
        <button
          type="submit"
          disabled={mutation.isPending}
          className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-xl bg-white px-5 py-2.5 font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:opacity-60"
        >
          Newsletter abonnieren
        </button>
      </div>
      {fieldError ? (
        <p
          id="newsletter-email-error"
          className={`text-sm font-medium ${tone === 'dark' ? 'text-white' : 'text-red-700'}`}
        >
          {fieldError}
        </p>
      ) : (
        server && <Banner tone="error">{server.message}</Banner>
      )}
      {mutation.isSuccess && <Banner tone="success">{mutation.data.message}</Banner>}
    </form>
  );
}
