/**
 * For `vi.waitFor` on work that runs after the answer (the debounced Kompass-KI job, pushes): its
 * default of 1 s ran out on a busy machine (the stress runs).
 */
export const busyWait = { timeout: 15_000, interval: 50 };
