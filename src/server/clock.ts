// The server reads the time only through this, so tests can set it (trial days, link expiry).
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
