// 'OP3 verbinden': the podcaster pastes an OP3 API token; the server finds the show and backfills.
// Its German answer (wrong token, unknown show, service unreachable) shows at the field.
import { useState, type FormEvent } from 'react';
import { OP3_TOKEN_MAX } from '../../../../shared/audience-vocabulary.ts';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useConnectOp3 } from '../api/audience.ts';

export function ConnectOp3({ podcast }: { podcast: Podcast }) {
  const connect = useConnectOp3(podcast.id);
  const [token, setToken] = useState('');
  const error = connect.isError ? apiError(connect.error) : undefined;
  const fieldError = error ? (error.errors.token ?? [error.message]) : undefined;
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
        hint="Ein Token legst du unter op3.dev/api/keys an. Wir speichern es verschlüsselt und zeigen davon nur noch die letzten vier Zeichen."
        error={fieldError}
      />
      {connect.isSuccess && <Banner tone="success">OP3 ist verbunden. Die Tageswerte stehen oben.</Banner>}
      <Button type="submit" pending={connect.isPending}>
        {connect.isPending ? 'Verbinde mit OP3...' : 'OP3 verbinden'}
      </Button>
    </form>
  );
}
