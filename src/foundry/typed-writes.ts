/**
 * Typed writes: the payloads Brink hands to `update`, `create` and their embedded and batched forms,
 * checked against the source data of Brink's own data models (as types/ registers them with the
 * compiler). A key may be nested (`{ system: { health: { value } } }`) or dotted
 * (`"system.health.value"`), or both; a field that does not exist, or a value of the wrong type,
 * fails `tsc`. At run time each function returns its payload unchanged.
 */

type Leaf = string | number | boolean | bigint | symbol | null | undefined | readonly unknown[];

/** Levels a dotted path may descend (document → system → field → subfield → …). */
type Deeper = [never, 0, 1, 2, 3, 4, 5];

/** A record keyed by any string (flags, an open object field): its keys are not Brink's to check. */
type OpenRecord<T> = string extends keyof T ? true : false;

/** Every dotted path into `T`, down to leaves, arrays and open records (for a union, any member's). */
export type PathOf<T, Depth extends number = 5> = [Depth] extends [never]
  ? never
  : T extends Leaf
    ? never
    : T extends object
      ? OpenRecord<T> extends true
        ? string
        : {
            [K in keyof T & string]: K | `${K}.${PathOf<NonNullable<T[K]>, Deeper[Depth]>}`;
          }[keyof T & string]
      : never;

/** The type at a dotted path of `T` (for a union, any member's). */
export type ValueAt<T, Path extends string> = T extends unknown
  ? OpenRecord<T> extends true
    ? unknown
    : Path extends keyof T
      ? T[Path]
      : Path extends `${infer Key}.${infer Rest}`
        ? Key extends keyof T
          ? ValueAt<NonNullable<T[Key]>, Rest>
          : never
        : never
  : never;

/** Any part of `T`: objects may name some of their fields (Foundry fills the rest); leaves are whole. */
export type PartialSource<T> = T extends readonly (infer Element)[]
  ? readonly PartialSource<Element>[]
  : T extends Leaf
    ? T
    : T extends object
      ? { [K in keyof T]?: PartialSource<T[K]> }
      : T;

/** An update of a document whose source is `Source`: any of its paths, each with a value of its type. */
export type Changes<Source> = { [Path in PathOf<Source>]?: PartialSource<ValueAt<Source, Path>> };

/** What creates a document whose source is `Source`: its name and type where it has them, and any other field. */
export type Creation<Source> = Changes<Source> & Pick<Source, Extract<keyof Source, "name" | "type">>;

/** The documents Brink writes: their source (with Brink's system models) and what Foundry's calls take. */
interface Written {
  Actor: { source: Actor.Source; update: Actor.UpdateData; create: Actor.CreateData };
  Item: { source: Item.Source; update: Item.UpdateData; create: Item.CreateData };
  ChatMessage: { source: ChatMessage.Source; update: ChatMessage.UpdateData; create: ChatMessage.CreateData };
  Combat: { source: Combat.Source; update: Combat.UpdateData; create: Combat.CreateData };
  Combatant: { source: Combatant.Source; update: Combatant.UpdateData; create: Combatant.CreateData };
  Token: { source: TokenDocument.Source; update: TokenDocument.UpdateData; create: TokenDocument.CreateData };
  RollTable: { source: RollTable.Source; update: RollTable.UpdateData; create: RollTable.CreateData };
}

function writesOf<Name extends keyof Written>() {
  type Source = Written[Name]["source"];
  type Update = Written[Name]["update"];
  type Create = Written[Name]["create"];
  // The one cast of a payload: the mapped types above checked every path and value against the
  // document's source; Foundry's own update and create types do not accept dotted keys.
  return {
    update: (changes: Changes<Source>) => changes as Update,
    updates: (list: Changes<Source>[]) => list as Update[],
    create: (data: Creation<Source>) => data as Create,
    creates: (list: Creation<Source>[]) => list as Create[],
    // Copies Foundry made of a source (toObject, a compendium's entry), kept or adjusted by Brink and
    // written back as they were: their shape is Foundry's own, not one the compiler can follow.
    restore: (copy: object) => copy as Create,
    restores: (copies: object[]) => copies as Create[],
    // Flattened changes a workflow built as a plain record (stored cards hold their paths as strings):
    // the compiler cannot follow their paths; Foundry validates them against the model on write.
    flattened: (changes: Record<string, unknown>) => changes as Update,
    flattenedList: (list: Record<string, unknown>[]) => list as Update[],
  };
}

/** `writes.Actor.update({ "system.health.value": 3 })`, `writes.Item.creates([source])`… */
export const writes = {
  Actor: writesOf<"Actor">(),
  Item: writesOf<"Item">(),
  ChatMessage: writesOf<"ChatMessage">(),
  Combat: writesOf<"Combat">(),
  Combatant: writesOf<"Combatant">(),
  Token: writesOf<"Token">(),
  RollTable: writesOf<"RollTable">(),
};
