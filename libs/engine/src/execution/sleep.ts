/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (the engine's clock port). */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;
