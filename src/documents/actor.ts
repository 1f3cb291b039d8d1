import { postAttackCard, postTestCard, type AttackRecord } from "../chat/post";
import type { TargetInfo } from "../chat/card-views";
import { resolveWithFoundryDice, type BrinkRoll } from "../dice";
import { STATUS_IDS } from "../status-effects";
import { type Attribute } from "../rules/characters";
import {
  resolveAttack,
  resolveKillingStrike,
  type AttackResult,
  type AttackTarget,
  type AttackWeapon,
  type Defender,
  type WeaponDelivery,
} from "../rules/attacks";
import { resolveTest, type TestResult } from "../rules/tests";
import { conditionsAgainst } from "../rules/conditions";
import {
  attackerFor,
  attackWeaponFor,
  defenderFor,
  testSpecFor,
  type RollingActorData,
  type TestChoice,
  type WeaponSystem,
} from "./actor-rolls";

/** A token the attacker targeted, with the characters standing within 1 m of it. */
export interface AttackTargetToken {
  uuid: string;
  name: string;
  img: string;
  actor: BrinkActor;
  nearby: { uuid: string; name: string; img: string; actor: BrinkActor }[];
}

export interface AttackChoice {
  attribute: Attribute;
  sneak: boolean;
  flanking: boolean;
  advantage: number;
  modifier: number;
  /** RULES §4: against one unconscious target; success kills, failure becomes a sneak attack. */
  killingStrike?: boolean;
}

export type RollRefusal = { ok: false; reason: string };

/** Conditions that follow from the pools; shown on the token without being stored. */
const DERIVED_STATUSES = ["harmed", "bloodied"] as const;

/** Brink's Actor: rolls go through the rules engine and end as one chat message. */
export class BrinkActor extends Actor {
  /** Harmed and bloodied are facts about the pools, so they join the statuses as data is prepared. */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const system = this.system as unknown as {
      harmed?: boolean;
      bloodied?: boolean;
      conditions?: Set<string>;
    };
    for (const status of DERIVED_STATUSES) if (system[status]) this.statuses.add(status);
    for (const condition of system.conditions ?? []) this.statuses.add(condition);
  }

  /**
   * Brink's conditions are system data (one actor update, revertible with the rest of a damage
   * application), so the token HUD's toggle writes them there instead of creating an effect.
   */
  override async toggleStatusEffect(
    statusId: string,
    options: { active?: boolean; overlay?: boolean } = {},
  ): Promise<ActiveEffect.Implementation | boolean | undefined> {
    if (
      !(STATUS_IDS as readonly string[]).includes(statusId) ||
      (DERIVED_STATUSES as readonly string[]).includes(statusId)
    ) {
      return super.toggleStatusEffect(statusId, options);
    }
    const conditions = new Set((this.system as unknown as { conditions: Set<string> }).conditions);
    const active = options.active ?? !conditions.has(statusId);
    if (active) conditions.add(statusId);
    else conditions.delete(statusId);
    await this.update({ system: { conditions: [...conditions] } } as never);
    return active;
  }

  /**
   * The token draws an icon per temporary effect. Derived conditions get an unsaved effect each,
   * so harmed and bloodied show on the token at no cost of a document write.
   */
  override get temporaryEffects() {
    const effects = super.temporaryEffects;
    const shown = new Set(effects.flatMap((e) => [...e.statuses]));
    const derived = STATUS_IDS.filter((id) => this.statuses.has(id) && !shown.has(id)).flatMap((id) => {
      const config = CONFIG.statusEffects.find((s) => s.id === id);
      if (!config) return [];
      // The dead get the token's large overlay icon, as Foundry draws for the defeated.
      const overlay = id === CONFIG.specialStatusEffects.DEFEATED ? { core: { overlay: true } } : {};
      const data = { name: game.i18n.localize(config.name), img: config.img, statuses: [id], flags: overlay };
      return [new ActiveEffect.implementation(data, { parent: this })];
    });
    return [...effects, ...derived];
  }

  /** The prepared system data, as the rolling code reads it (every Brink actor type shares it). */
  get rolling(): RollingActorData {
    return this.system as unknown as RollingActorData;
  }

  /** RULES §2: a test from the roll dialog's choice. Posts one card; refuses for non-owners. */
  async rollTest(
    choice: TestChoice,
    label: string,
  ): Promise<ChatMessage.Implementation | RollRefusal | undefined> {
    if (!this.isOwner) return { ok: false, reason: "BRINK.Roll.notOwner" };
    const spec = testSpecFor(this.rolling, choice);
    const { result, rolls } = await resolveWithFoundryDice(
      (dice) => resolveTest(spec, choice.difficulty, dice),
      luckPurpose,
    );
    return postTestCard(this, label, result, rolls);
  }

  /**
   * RULES §4: attacks with a weapon against the targeted tokens. A blast weapon rolls once against
   * every target; any other weapon makes one attack per target, each taking the multiple-attack
   * penalty of those before it. One card for all of them.
   */
  async rollAttack(
    weapon: Item.Implementation,
    targets: AttackTargetToken[],
    choice: AttackChoice,
    attacksThisRound = 0,
  ): Promise<ChatMessage.Implementation | RollRefusal | undefined> {
    if (!this.isOwner) return { ok: false, reason: "BRINK.Roll.notOwner" };
    const weaponData = attackWeaponFor(weapon.system as unknown as WeaponSystem);
    if (choice.killingStrike)
      return this.#killingStrike(weapon, weaponData, targets, choice, attacksThisRound);
    const groups = weaponData.blast ? [targets] : targets.map((t) => [t]);
    const attacks: AttackRecord[] = [];
    const rolls: BrinkRoll[] = [];
    for (const [index, group] of groups.entries()) {
      const conditions = groupConditions(weaponData.delivery, group);
      const request = {
        attacker: attackerFor(this.rolling, attacksThisRound + index),
        weapon: weaponData,
        attribute: choice.attribute,
        targets: group.map(attackTarget),
        sneak: choice.sneak,
        flanking: choice.flanking,
        advantages: Math.max(0, choice.advantage) + conditions.advantages,
        disadvantages: Math.max(0, -choice.advantage) + conditions.disadvantages,
        modifiers: choice.modifier
          ? [{ label: game.i18n.localize("BRINK.Roll.Step.modifier"), value: choice.modifier }]
          : [],
      };
      const rolled = await resolveWithFoundryDice((dice) => resolveAttack(request, dice), luckPurpose);
      if (!rolled.result.ok) return { ok: false, reason: `BRINK.Attack.Refusal.${rolled.result.reason}` };
      attacks.push({ result: rolled.result, targets: targetInfo(group) });
      rolls.push(...rolled.rolls);
    }
    if (!attacks.length) return { ok: false, reason: "BRINK.Attack.Refusal.no-target" };
    return postAttackCard(this, weapon, attacks, rolls);
  }

  async #killingStrike(
    weapon: Item.Implementation,
    weaponData: AttackWeapon,
    targets: AttackTargetToken[],
    choice: AttackChoice,
    attacksThisRound: number,
  ): Promise<ChatMessage.Implementation | RollRefusal | undefined> {
    const [token] = targets;
    if (!token || targets.length > 1)
      return { ok: false, reason: "BRINK.Attack.Refusal.killing-strike-one-target" };
    const target = token.actor.rolling;
    const request = {
      attacker: attackerFor(this.rolling, attacksThisRound),
      weapon: weaponData,
      attribute: choice.attribute,
      target: {
        ...defenderFor(token.uuid, target),
        constitution: target.attributes.con.value,
        unconscious: token.actor.statuses.has("unconscious") && !token.actor.statuses.has("dead"),
      },
    };
    const { result, rolls } = await resolveWithFoundryDice(
      (dice) => resolveKillingStrike(request, dice),
      luckPurpose,
    );
    if (!result.ok) return { ok: false, reason: `BRINK.Attack.Refusal.${result.reason}` };
    const attack =
      result.outcome === "killed"
        ? killingBlow(result.test, token.uuid, request.target, choice.attribute, weaponData)
        : result.attack;
    const killingStrike = {
      killed: result.outcome === "killed",
      total: result.test.total,
      difficulty: result.test.difficulty,
    };
    return postAttackCard(
      this,
      weapon,
      [{ result: attack, targets: targetInfo([token]), killingStrike }],
      rolls,
    );
  }
}

/**
 * A killing strike that lands, in the shape of an attack that hits, so the card shows its dice and
 * the target's row; applying it kills (workflows/damage reads `killingStrike`).
 */
function killingBlow(
  test: TestResult,
  targetId: string,
  defender: Defender,
  attribute: Attribute,
  weapon: AttackWeapon,
): AttackResult {
  return {
    ok: true,
    attribute,
    proficient: test.steps.some((s) => s.label === "proficiency"),
    dice: test.dice,
    steps: test.steps,
    luck: test.luck,
    total: test.total,
    critical: false,
    mishap: false,
    damageType: weapon.damageType,
    targets: [
      {
        intendedId: targetId,
        targetId,
        strayed: false,
        defences: { sizeDifference: 0, evasion: defender.evasion, deflection: defender.deflection },
        hit: true,
        rawDamage: 0,
        deflection: 0,
        damage: 0,
      },
    ],
  };
}

/** The d20 among a rule's dice is the luck die; the card's dice tooltip says so. */
const luckPurpose = (_index: number, faces: number): "luck" | "test" => (faces === 20 ? "luck" : "test");

/** A target's defences with Guard's bonus (RULES §9) folded in. */
export function guardedDefender(id: string, actor: BrinkActor): Defender {
  const defender = defenderFor(id, actor.rolling);
  const bonus = actor.statuses.has("guarding") ? 1 : 0;
  if (!bonus) return defender;
  return {
    ...defender,
    evasion: defender.evasion + bonus,
    deflection: {
      physical: defender.deflection.physical + bonus,
      elemental: defender.deflection.elemental + bonus,
    },
  };
}

function attackTarget(token: AttackTargetToken): AttackTarget {
  return {
    ...guardedDefender(token.uuid, token.actor),
    nearby: token.nearby.map((n) => guardedDefender(n.uuid, n.actor)),
  };
}

/**
 * Advantage and disadvantage from the targets' conditions (prone, in cover). A blast rolls once for
 * all its targets, so a condition counts only when every target has it.
 */
export function groupConditions(delivery: WeaponDelivery, group: readonly AttackTargetToken[]) {
  const each = group.map((token) => conditionsAgainst(delivery, token.actor.statuses));
  return {
    advantages: Math.min(...each.map((c) => c.advantages)),
    disadvantages: Math.min(...each.map((c) => c.disadvantages)),
  };
}

/**
 * The targets a card names, as a list: Foundry expands dotted keys on create, so a map keyed by
 * token uuids would not survive being stored.
 */
function targetInfo(tokens: AttackTargetToken[]): TargetInfo[] {
  const seen = new Map<string, TargetInfo>();
  for (const token of tokens) {
    for (const t of [token, ...token.nearby]) seen.set(t.uuid, { uuid: t.uuid, name: t.name, img: t.img });
  }
  return [...seen.values()];
}
