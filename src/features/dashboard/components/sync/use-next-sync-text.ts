import { useEffect, useState } from 'react';

import { nextSyncText } from '../../model/next-sync';

/** The countdown is recomputed every minute. */
const NEXT_SYNC_REFRESH_MS = 60_000;

/** The countdown text, recomputed every 60 seconds. */
export function useNextSyncText(): string {
  const [text, setText] = useState(() => nextSyncText(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setText(nextSyncText(new Date())), NEXT_SYNC_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return text;
}
