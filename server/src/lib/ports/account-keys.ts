/** The keys that seal account numbers and secrets at rest: the current one seals, retired ones only open (decision 0060). */
export interface AccountKeyRing {
  currentId: string;
  keys: ReadonlyMap<string, Buffer>;
}
