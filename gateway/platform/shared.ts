/**
 * Live state shared between modules of one app (e.g. the flight search sessions that bookings hold from).
 * The owning module declares a key in its service.ts and provides the value in its register; a module
 * listed after it in modules.ts gets it. Getting a key nobody provided stops the start.
 */
export interface SharedKey<T> {
  readonly name: string;
  /** Type marker only. */
  readonly __type?: T;
}

export function sharedKey<T>(name: string): SharedKey<T> {
  return { name };
}

export class Shared {
  private readonly values = new Map<SharedKey<unknown>, unknown>();

  provide<T>(key: SharedKey<T>, value: T): void {
    if (this.values.has(key)) throw new Error(`"${key.name}" is already provided`);
    this.values.set(key, value);
  }

  get<T>(key: SharedKey<T>): T {
    if (!this.values.has(key)) throw new Error(`"${key.name}" is not provided: list the module that provides it earlier in gateway/modules.ts`);
    return this.values.get(key) as T;
  }
}
