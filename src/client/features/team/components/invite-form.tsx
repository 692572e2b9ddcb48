import { invitationFormSchema, invitationRole } from '../../../../shared/team.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmailField } from '../../../components/email-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';

/** podcasts.invite: e-mail, role and a note; the person gets a mail with the link. */
export function InviteForm({ podcastId }: { podcastId: number }) {
  const invite = useCreateInvitation(podcastId);
  const form = useForm(invitationFormSchema, invite, { onSuccess: (_, element) => element.reset() });

  return (
    <form noValidate className="space-y-5" onSubmit={form.onSubmit}>
      {form.message && <Banner tone="error">{form.message}</Banner>}
      {invite.isSuccess && (
        <Banner tone="success">Die Einladung an {invite.data.email} ist verschickt.</Banner>
      )}
      <EmailField errors={form.errors} />
      <SelectField
        label="Rolle"
        name="type"
        options={invitationRole.labels}
        defaultValue="editor"
        error={form.errors.type}
      />
      <TextareaField
        label="Nachricht (optional)"
        name="notes"
        hint="Ein paar persönliche Worte, die wir der Einladung beilegen."
        maxLength={1000}
        error={form.errors.notes}
      />
      <Button pending={form.pending}>Einladen</Button>
    </form>
  );
}
