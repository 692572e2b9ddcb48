// 'OP3 verbinden': the podcaster pastes an OP3 API token; the server finds the show and backfills.
// A wrong token or an unknown show shows at the token field; OP3 unreachable is the form's message
// (the token is not what is wrong, so the field stays as it is; Entscheidung AUD-23).
import { useState, type FormEvent } from 'react';
import type { ApiError } from '../../../../shared/api.ts';
import { OP3_TOKEN_MAX } from '../../../../shared/audience-vocabulary.ts';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useConnectOp3 } from '../api/audience.ts';

const OP3_KEYS = 'https://op3.dev/api/keys';

/** Where an answer's message belongs: the token field only when the server named it. */
export function op3Errors(error: ApiError | undefined) {
  if (!error) return { field: undefined, form: undefined };
  const field = error.errors.token;
  return field ? { field, form: undefined } : { field: undefined, form: error.message };
}

/** The hint under the token field; OP3's key page opens in a new tab, the form stays. */
export function Op3TokenHint() {
  return (
    <>
      Ein Token legst du unter{' '}
      <a
        href={OP3_KEYS}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-brand-800 underline"
      >
        op3.dev/api/keys
      </a>{' '}
      an. Wir speichern es verschlüsselt und zeigen davon nur noch die letzten vier Zeichen.
    </>
  );
}

export function ConnectOp3({ podcast }: { podcast: Podcast }) {
  const connect = useConnectOp3(podcast.id);
  const [token, setToken] = useState('');
  const errors = op3Errors(connect.isError ? apiError(connect.error) : undefined);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    connect.mutate(token.trim(), { onSuccess: () => setToken('') });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="connect-op3" className="space-y-3">
      <h3 id="connect-op3" className="font-semibold text-slate-900">
        OP3 verbinden
      </h3>
      <p className="text-sm text-slate-700">
        OP3 zählt die Downloads deines Podcasts offen und ohne Tracking deiner Hörer:innen. Es zählt nur, wenn
        die Audio-Links deines Feeds das OP3-Präfix tragen (https://op3.dev/e/ vor der Adresse; dein Hoster
        setzt es in den Einstellungen).
      </p>
      <TextField
        label="OP3-API-Token"
        name="token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        maxLength={OP3_TOKEN_MAX}
        value={token}
        onChange={(e) => setToken(e.target.value)}
        hint={<Op3TokenHint />}
        error={errors.field}
      />
      {errors.form && <Banner tone="error">{errors.form}</Banner>}
      {connect.isSuccess && <Banner tone="success">OP3 ist verbunden. Die Tageswerte stehen oben.</Banner>}
      <Button type="submit" pending={connect.isPending}>
        {connect.isPending ? 'Verbinde mit OP3...' : 'OP3 verbinden'}
      </Button>
    </form>
  );
}
