/** SPEC §8 snackbars of the commands page. */
export const LOAD_FAILED = 'Error fetching artisan commands';
export const RUN_FAILED = 'Error executing artisan command';
