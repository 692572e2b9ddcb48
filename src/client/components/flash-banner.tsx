import { useEffect, useState } from 'react';
import { useFlash } from '../stores/flash.ts';
import { Banner } from './banner.tsx';

/** Shows the message the previous screen left, once: it is taken from the store on mount. */
export function FlashBanner() {
  const [flash] = useState(() => useFlash.getState().flash);
  useEffect(() => {
    if (flash && useFlash.getState().flash === flash) useFlash.getState().clear();
  }, [flash]);
  if (!flash) return null;
  return <Banner tone={flash.tone}>{flash.message}</Banner>;
}
