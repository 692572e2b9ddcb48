import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorPanel } from './error-panel.tsx';

/** What a route shows when its loader or component throws. */
export function ErrorPage({ error }: ErrorComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <ErrorPanel error={error} />
    </div>
  );
}
