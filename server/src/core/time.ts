/** Seconds in a day (API times are epoch seconds, SPEC §2.7). */
export const DAY = 86_400;

/** Now, in epoch seconds. */
export const epochNow = (): number => Math.floor(Date.now() / 1000);
