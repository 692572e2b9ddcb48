import { profileSchema } from '../../../../shared/account.ts';
import { language, position, referrer } from '../../../../shared/vocabulary.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useUser } from '../../../lib/session.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { SectionHeading } from './settings-layout.tsx';

/**
 * settings.profile: the user's one name (users.name), position, language, referrer. Onboarding's
 * profile step shows it too and moves on when it is saved (`onSaved`).
 */
export function ProfileForm({ onSaved }: { onSaved?: () => void }) {
  const user = useUser();
  const profile = user?.profile;
  const save = useSaveProfile(Boolean(profile));
  const form = useForm(profileSchema, save, { onSuccess: onSaved });

  return (
    <form noValidate className="max-w-lg space-y-5" onSubmit={form.onSubmit}>
      <SectionHeading title="Profil">So sehen dich deine Coworker*innen.</SectionHeading>
      {form.message && <Banner tone="error">{form.message}</Banner>}
      {save.isSuccess && !onSaved && <Banner tone="success">Dein Profil wurde gespeichert.</Banner>}
      <TextField
        label="Name"
        name="username"
        autoComplete="name"
        defaultValue={user?.name ?? profile?.username ?? ''}
        error={form.errors.username}
      />
      <SelectField
        label="Deine Rolle"
        name="position"
        options={position.labels}
        placeholder="Bitte wählen"
        defaultValue={profile?.position?.key ?? ''}
        error={form.errors.position}
      />
      <SelectField
        label="Sprache"
        name="language"
        options={language.labels}
        defaultValue={profile?.language.key ?? 'de'}
        error={form.errors.language}
      />
      <SelectField
        label="Wie hast du von Kompass Studio erfahren?"
        name="referrer"
        options={referrer.labels}
        placeholder="Bitte wählen"
        defaultValue={profile?.referrer?.key ?? ''}
        error={form.errors.referrer}
      />
      <Button pending={form.pending}>Profil speichern</Button>
    </form>
  );
}
