/**
 * Chat card data: the structured result of a roll, kept on the message beside its real Rolls so the
 * card can be re-rendered and acted on later (applying damage reads an attack card's targets).
 */
const fields = () => foundry.data.fields;

const uuidField = () => new (fields().StringField)({ required: true, blank: true, initial: "" });

const testCardSchema = () => {
  const f = fields();
  return {
    actorUuid: uuidField(),
    label: new f.StringField({ required: true, blank: true, initial: "" }),
    /** The rules engine's TestResult, as plain data. */
    result: new f.ObjectField({ required: true }),
  };
};
type TestCardSchema = ReturnType<typeof testCardSchema>;

export class TestCardData extends foundry.abstract.TypeDataModel<TestCardSchema, ChatMessage.Implementation> {
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.test"];

  static override defineSchema(): TestCardSchema {
    return testCardSchema();
  }
}

const attackCardSchema = () => {
  const f = fields();
  return {
    actorUuid: uuidField(),
    weaponUuid: uuidField(),
    weaponName: new f.StringField({ required: true, blank: true, initial: "" }),
    /** One entry per attack made: the AttackResult plus the targets' names and document uuids. */
    attacks: new f.ArrayField(new f.ObjectField({ required: true })),
    /** Damage applications, keyed by attack and target (filled in by the damage workflow). */
    applied: new f.ObjectField({ required: true }),
    /** A nonlethal weapon's blows never risk death by themselves (RULES §4). */
    nonlethal: new f.BooleanField({ required: true, initial: false }),
  };
};
type AttackCardSchema = ReturnType<typeof attackCardSchema>;

export class AttackCardData extends foundry.abstract.TypeDataModel<
  AttackCardSchema,
  ChatMessage.Implementation
> {
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.attack"];

  static override defineSchema(): AttackCardSchema {
    return attackCardSchema();
  }

  /** Cards from 0.1.0 kept targets in a map keyed by token uuid, which Foundry stored nested. */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    const attacks = source.attacks;
    if (Array.isArray(attacks))
      for (const attack of attacks as Record<string, unknown>[])
        if (attack.targets && !Array.isArray(attack.targets)) attack.targets = targetsIn(attack.targets);
    return super.migrateData(source);
  }
}

interface StoredTarget {
  uuid: string;
}
const isTarget = (value: unknown): value is StoredTarget =>
  typeof value === "object" && value !== null && typeof (value as { uuid?: unknown }).uuid === "string";

/** Every target record found at any depth of an old map. */
function targetsIn(value: unknown): StoredTarget[] {
  if (isTarget(value)) return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(targetsIn);
}
