/**
 * Foundry fires document hooks (and Brink's hooks announced from them) on every connected client,
 * and the fake does the same, once per connected user. A listener a test adds stands for a module
 * on one client, so it should hear each event once: on that client.
 */
type Listener = (...args: never[]) => unknown;

export function onClientOf<T extends Listener>(userId: string, listener: T): T {
  return ((...args: never[]) => (game.user.id === userId ? listener(...args) : undefined)) as T;
}
