/**
 * A weapon clicked under direct damage (RULES §7.3): checks with a clear warning (nothing sent)
 * when the attack cannot happen, the direct attack dialog (with no token targeted it asks for the
 * target's deflection), then the GM's client rolls the dice and writes the card.
 */
import { BrinkActor } from "../../documents/actor";
import { itemData, WeaponData } from "../../data";
import { ownRollMode } from "../../chat/post";
import { guardedDefender, type TokenActor } from "../../workflows/attack-card";
import { MAX_MANUAL_DEFLECTION, weaponBlocker } from "../../workflows/attack";
import { requestDirectAttack, UNARMED } from "../../workflows/direct-attack";
import { detachmentEdgesFor } from "../../workflows/detachments/in-combat";
import { netEdge } from "../../rules/detachments";
import { warn } from "../dialog-form";
import { skipsDialog } from "./fast-forward";
import {
  askDirectAttack,
  defaultDirectChoice,
  type DirectDialogInput,
  type GroupOption,
  type StrikeOption,
} from "./direct-attack-dialog";

const unarmedOption = (): StrikeOption => ({
  id: UNARMED,
  label: game.i18n.localize("BRINK.Direct.unarmed"),
  die: null,
  // As the GM's client strikes bare hands (workflows/direct-attack-card).
  damageType: "bludgeoning",
});

/**
 * What detachments do to this wielder's strike on the targets (RULES §7.4), for the dialog's dice:
 * the edge every target agrees on, else none (the GM's client rolls each target's own dice).
 */
function detachmentEdge(actor: BrinkActor, blast: boolean, targets: readonly TokenActor[]): number {
  const edges = targets.map((t) => netEdge(detachmentEdgesFor(actor, blast, [t.actor])));
  const [first = 0] = edges;
  return edges.every((edge) => edge === first) ? first : 0;
}

/** A weapon as it would strike under direct damage, or null when it has no die set or cannot attack (broken, dropped). */
function strikeOption(item: Item.Implementation, targets: readonly TokenActor[]): StrikeOption | null {
  const weapon = itemData(item, WeaponData)?.attackWeapon();
  const die = weapon?.damageDie;
  if (!weapon || !die || weaponBlocker(item) || !(item.parent instanceof BrinkActor)) return null;
  const detachment = detachmentEdge(item.parent, weapon.blast, targets);
  return { id: item.id ?? "", label: item.name, die, damageType: weapon.damageType, detachment };
}

const unarmedFor = (actor: BrinkActor, targets: readonly TokenActor[]): StrikeOption => ({
  ...unarmedOption(),
  detachment: detachmentEdge(actor, false, targets),
});

const weaponsOf = (actor: BrinkActor): Item.Implementation[] =>
  actor.items.contents.filter((item) => itemData(item, WeaponData) !== null);

/** The weapon another character would join with: its first equipped weapon with a die, else bare hands. */
function joiningWeapon(actor: BrinkActor, targets: readonly TokenActor[]): StrikeOption {
  const equipped = weaponsOf(actor).filter((item) => itemData(item, WeaponData)?.equipped === true);
  return (
    equipped.map((item) => strikeOption(item, targets)).find((option) => option !== null) ??
    unarmedFor(actor, targets)
  );
}

/** For the GM: the other characters on the scene that could join, each once. */
function groupOptions(attacker: BrinkActor, targets: readonly TokenActor[]): GroupOption[] {
  // Grouped attackers gather on a token: a target typed in has none to gather on.
  if (!game.user.isGM || !targets.length) return [];
  const excluded = new Set<unknown>([attacker, ...targets.map((t) => t.actor)]);
  const seen = new Set<BrinkActor>();
  return (canvas?.tokens?.placeables ?? []).flatMap((token) => {
    const actor = token.actor;
    if (!(actor instanceof BrinkActor) || excluded.has(actor) || seen.has(actor)) return [];
    seen.add(actor);
    return [
      {
        actorUuid: actor.uuid,
        name: token.name,
        weapon: joiningWeapon(actor, targets),
        size: actor.rolling.size,
      },
    ];
  });
}

/** The dialog's input; `weapon` null strikes with bare hands (any weapon may join as the second). */
function dialogInput(
  actor: BrinkActor,
  weapon: Item.Implementation | null,
  main: StrikeOption,
  targets: readonly TokenActor[],
): DirectDialogInput {
  const others = weaponsOf(actor).filter((item) => item !== weapon);
  return {
    attackerName: actor.name,
    attackerSize: actor.rolling.size,
    weapon: main,
    offhands: [...others.flatMap((item) => strikeOption(item, targets) ?? []), unarmedFor(actor, targets)],
    grouped: groupOptions(actor, targets),
    rollMode: ownRollMode(),
    targets: targets.map((t) => ({ name: t.name, defender: guardedDefender(t.uuid, t.actor) })),
    manual: !targets.length,
  };
}

/**
 * The dialog's answer (or its starting choice when skipped), then the GM is asked to strike. A typed
 * deflection out of range is refused here with the reason, before anything is sent.
 */
async function askAndStrike(
  actor: BrinkActor,
  weaponId: string,
  input: DirectDialogInput,
  targets: readonly TokenActor[],
  event: Event | undefined,
): Promise<void> {
  const choice = skipsDialog(event) ? defaultDirectChoice(input) : await askDirectAttack(input);
  if (!choice) return;
  const { manualDeflection } = choice;
  if (manualDeflection !== null && (manualDeflection < 0 || manualDeflection > MAX_MANUAL_DEFLECTION))
    return warn("BRINK.Attack.manualDeflectionRange", { max: String(MAX_MANUAL_DEFLECTION) });
  await requestDirectAttack({
    actorUuid: actor.uuid,
    weaponId,
    offhandId: choice.offhandId,
    targets: targets.map((t) => t.uuid),
    position: choice.position,
    grouped: choice.grouped,
    rollMode: choice.rollMode,
    ...(manualDeflection === null ? {} : { manualDeflection }),
  });
}

/**
 * Opens the direct attack dialog for a weapon against the targeted tokens, or against a deflection
 * typed in when none is targeted (or skips it), then asks the GM.
 */
export async function promptDirectAttack(
  actor: BrinkActor,
  weapon: Item.Implementation,
  targets: TokenActor[],
  event?: Event,
): Promise<void> {
  const main = strikeOption(weapon, targets);
  if (!main) return warn("BRINK.Direct.Refusal.no-die", { weapon: weapon.name, name: actor.name });
  const input = dialogInput(actor, weapon, main, targets);
  return askAndStrike(actor, weapon.id ?? "", input, targets, event);
}

/** An unarmed blow (S3: a d4) from the sheet's Unarmed button, for a character with no weapon or who punches. */
export async function promptUnarmedAttack(
  actor: BrinkActor,
  targets: TokenActor[],
  event?: Event,
): Promise<void> {
  const input = dialogInput(actor, null, unarmedFor(actor, targets), targets);
  return askAndStrike(actor, UNARMED, input, targets, event);
}
