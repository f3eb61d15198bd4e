/**
 * The app as a use case's deps, but on a transaction: every other dependency (whatever the use
 * case needs now or later) comes from the app itself.
 */
export function withDb<T extends object>(app: T, db: unknown): T {
  return Object.create(app, { db: { value: db, enumerable: true } }) as T;
}
