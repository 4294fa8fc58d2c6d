/** Below the md breakpoint (900 px) the results page moves its filters into a drawer. */
import { Grid } from 'antd';
import { BREAKPOINTS } from '../../../src/sdk';

export function useIsSmall(below: 'sm' | 'md' | 'lg' = 'md'): boolean {
  const screens = Grid.useBreakpoint();
  const measured = screens[below];
  if (measured === undefined) return typeof window !== 'undefined' && window.innerWidth < BREAKPOINTS[below];
  return !measured;
}
