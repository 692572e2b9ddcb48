import { PushOptIn } from '../../../components/push-opt-in.tsx';
import { SectionHeading } from './settings-layout.tsx';

/** settings 'Benachrichtigungen': push notifications of new tips on this device. */
export function NotificationsSection() {
  return (
    <section>
      <SectionHeading title="Benachrichtigungen" />
      <PushOptIn />
    </section>
  );
}
