import { useId } from 'react';
import { usePush } from '../lib/push.ts';
import { Banner } from './banner.tsx';
import { Button } from './button.tsx';

const texts = {
  intro:
    'Erhalte auf diesem Gerät eine Benachrichtigung, sobald die Kompass-KI einen neuen Tipp für deinen Podcast hat (Studio Pro).',
  unsupported: 'Dieser Browser kann keine Benachrichtigungen empfangen.',
  ios: 'Auf iPhone und iPad gibt es Benachrichtigungen nur für die installierte App. Installiere Kompass Studio zuerst: Tippe in Safari auf Teilen → Zum Home-Bildschirm, öffne die App dann vom Home-Bildschirm und schalte die Benachrichtigungen dort ein.',
  denied:
    'Du hast Benachrichtigungen für Kompass Studio blockiert. Um sie wieder zu erlauben, öffne die Website-Einstellungen deines Browsers (meist über das Symbol links neben der Adresse), stelle „Benachrichtigungen“ auf „Zulassen“ und lade die Seite neu. In der installierten App findest du die Einstellung in den Mitteilungen deines Geräts.',
  subscribed: 'Benachrichtigungen sind auf diesem Gerät eingeschaltet.',
  off: 'Benachrichtigungen sind auf diesem Gerät ausgeschaltet.',
  turnOn: 'Benachrichtigungen einschalten',
  turnOff: 'Auf diesem Gerät ausschalten',
};

/**
 * The opt-in for push notifications of new tips (settings 'Benachrichtigungen' and the assistant
 * button's panel). The browser's permission prompt comes only from the button, never on load.
 * `compact`: one line and a button, for the panel.
 */
export function PushOptIn({ compact = false }: { compact?: boolean }) {
  const push = usePush();
  const statusId = useId();
  const text = 'text-sm text-slate-700';
  if (push.state === 'loading') return null;
  const status =
    push.state === 'unsupported'
      ? texts.unsupported
      : push.state === 'ios-install'
        ? texts.ios
        : push.state === 'denied'
          ? texts.denied
          : push.state === 'subscribed'
            ? texts.subscribed
            : texts.off;
  return (
    <div className={compact ? 'space-y-2' : 'max-w-lg space-y-4'}>
      {!compact && <p className="text-slate-600">{texts.intro}</p>}
      <p id={statusId} className={text} role="status">
        {status}
      </p>
      {push.error && <Banner tone="error">{push.error}</Banner>}
      {push.state === 'off' && (
        <Button
          type="button"
          variant={compact ? 'secondary' : 'primary'}
          className={compact ? 'w-full' : ''}
          pending={push.pending}
          aria-describedby={statusId}
          onClick={() => void push.turnOn()}
        >
          {texts.turnOn}
        </Button>
      )}
      {push.state === 'subscribed' && (
        <Button
          type="button"
          variant="secondary"
          className={compact ? 'w-full' : ''}
          pending={push.pending}
          aria-describedby={statusId}
          onClick={() => void push.turnOff()}
        >
          {texts.turnOff}
        </Button>
      )}
    </div>
  );
}
