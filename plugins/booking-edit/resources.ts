/** The plugin's Refine resources, apart from api.ts so that its registration (in the signed-in shell) needs no contract. */
export const SCHED_RESOURCE = 'schedule-changes';
