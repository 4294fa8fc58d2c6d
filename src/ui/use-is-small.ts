/**
 * The window is narrower than a breakpoint (md, 900 px, by default), already on the first render: the flight results
 * move their filters into a drawer, money tables pin their amount at the right edge.
 */
import { Grid } from 'antd';
import { BREAKPOINTS } from './theme';

export function useIsSmall(below: 'sm' | 'md' | 'lg' = 'md'): boolean {
  const screens = Grid.useBreakpoint();
  const measured = screens[below];
  if (measured === undefined) return typeof window !== 'undefined' && window.innerWidth < BREAKPOINTS[below];
  return !measured;
}
