/** The clock for countdowns, ticking every `ms`, on the gateway's clock. */
import { useEffect, useState } from 'react';
import { serverNow } from '../../../src/sdk';

export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
