/** The report chart as a lazy component: recharts loads only with a page that draws one. */
import { lazy } from 'react';

export type { ReportChartProps } from './ReportChart';
export const ReportChart = lazy(() => import('./ReportChart'));
