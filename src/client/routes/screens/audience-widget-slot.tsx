// The dashboard's 'Hörerzahlen' widget (features/audience), in a chunk of its own: it mounts with
// the widgets below the first screen (dashboard-more.tsx), and its code and its request wait for
// that, so neither grows the dashboard's first paint (Entscheidung CLI-23). Should its chunk fail to
// load (offline before the worker had it), the widget is left out instead of the dashboard showing
// its error page.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { Podcast } from '../../../shared/podcasts.ts';

const Widget = lazy(() =>
  import('../../features/audience/components/audience-widget.tsx').then((m) => ({
    default: m.AudienceWidget,
  })),
);

class LeaveOutOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export const audienceWidget = (podcast: Podcast) => (
  <LeaveOutOnError>
    <Suspense fallback={null}>
      <Widget podcast={podcast} />
    </Suspense>
  </LeaveOutOnError>
);
