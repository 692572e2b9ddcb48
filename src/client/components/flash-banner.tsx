import { useEffect, useState } from 'react';
import { useFlash } from '../stores/flash.ts';
import { Banner } from './banner.tsx';

/** Shows the message the previous screen left (once) and clears it. */
export function FlashBanner() {
  const [flash] = useState(() => useFlash.getState().flash);
  const clear = useFlash((s) => s.clear);
  useEffect(() => clear, [clear]);
  if (!flash) return null;
  return <Banner tone={flash.tone}>{flash.message}</Banner>;
}
