/** Where a command of `npm run outbox` writes, and its clock (tests pass their own). */
export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  now: () => number;
}
