import { useState } from 'react';
import { registrationSchema, type RegistrationInput } from '../../../../shared/account.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useCreateAccount } from '../api/create-account.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { EmailField } from '../../../components/email-field.tsx';

const legalLink = 'font-semibold text-brand-800 underline';

/**
 * Through an invitation the person joins a team at once: the team sees the name, so the form asks
 * for it (invited coworkers showed as 'Ohne Name' everywhere). The API keeps it optional.
 */
const invitationSchema = registrationSchema.refine((v) => Boolean(v.name), {
  message: 'Bitte gib einen Namen an.',
  path: ['name'],
});

type Props = {
  /** Without it there is no 'Zurück' (the invitation page has no step before). */
  onBack?: () => void;
  onDone: (email: string) => void;
  /** Sent along: the setup wizard's `podcast_title`, an invitation's token. */
  extra?: Pick<RegistrationInput, 'podcast_title' | 'invitation'>;
  defaultEmail?: string;
};

/** 'Account erstellen': the registration form of /setup, also used on an invitation's page. */
export function SetupAccountStep({ onBack, onDone, extra, defaultEmail }: Props) {
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const form = useForm(extra?.invitation ? invitationSchema : registrationSchema, useCreateAccount(), {
    extra: () => ({ ...extra, terms, privacy }),
    onSuccess: ({ data, verified }) => {
      // §2: an already verified account goes straight in, with a full reload of the app.
      if (verified) window.location.assign('/app/podcast');
      else onDone(data.email ?? '');
    },
  });

  return (
    <form noValidate className="space-y-5" onSubmit={form.onSubmit} aria-labelledby="setup-account">
      <h2 id="setup-account" className="text-lg font-semibold text-slate-900">
        Account erstellen
      </h2>
      {form.message && <Banner tone="error">{form.message}</Banner>}
      {extra?.invitation && (
        <TextField
          label="Dein Name"
          name="name"
          autoComplete="name"
          hint="So sieht dich dein Team."
          error={form.errors.name}
        />
      )}
      <EmailField errors={form.errors} defaultValue={defaultEmail} />
      <NewPasswordFields errors={form.errors} label="Passwort" />
      <TextField
        label="Zugangscode (Crowdfunding)"
        name="code"
        autoComplete="off"
        hint="Optional: Hast du unser Crowdfunding unterstützt? Dann trag hier deinen Code ein."
        error={form.errors.code}
      />
      <CheckboxField name="terms" checked={terms} onCheckedChange={setTerms} error={form.errors.terms}>
        Ich akzeptiere die{' '}
        <a href="/terms" target="_blank" rel="noreferrer" className={legalLink}>
          Nutzungsbedingungen
        </a>
        .
      </CheckboxField>
      <CheckboxField
        name="privacy"
        checked={privacy}
        onCheckedChange={setPrivacy}
        error={form.errors.privacy}
      >
        Ich habe die{' '}
        <a href="/privacy" target="_blank" rel="noreferrer" className={legalLink}>
          Datenschutzerklärung
        </a>{' '}
        gelesen und akzeptiere sie.
      </CheckboxField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        {onBack && (
          <Button type="button" variant="secondary" className="sm:flex-1" onClick={onBack}>
            Zurück
          </Button>
        )}
        <Button className="sm:flex-1" pending={form.pending}>
          Account erstellen
        </Button>
      </div>
    </form>
  );
}
