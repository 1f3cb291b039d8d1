/**
 * Every dialog Brink opens, each opened by its own flow (the HTML and buttons the flow hands
 * DialogV2), framed as v13's DialogV2 window.
 */
import { queueDice } from "../../fake-foundry/dice";
import { settings } from "../../fake-foundry/install";
import { answerDialog, shownDialogs } from "../../fake-foundry/ui";
import { DISPOSITIONS, player, setUpFight, type Fight } from "../../foundry/combat-fixtures";
import { showcaseCharacter } from "../../support/showcase";
import type { BrinkCombatant } from "../../../src/documents/combatant";
import { dialog, dialogWindow, openedDialog, type Surface } from "./frame";
import { FIRE_FLASK, targetFoes } from "./cards";

const { promptAttack, promptTest } = await import("../../../src/applications/rolls/flows");
const { promptOpposedTest } = await import("../../../src/applications/rolls/opposed-flow");
const { promptHeal, promptStabilise } = await import("../../../src/applications/rolls/life-flows");
const { deathSavesSettled } = await import("../../../src/applications/rolls/death-save-prompt");
const { promptRest, partyRest, partyRestPromptsSettled } = await import("../../../src/applications/rest");
const { emergencyRetreat, chooseDrop } = await import("../../../src/applications/retreat/retreat-dialog");
const { moraleCheck, retreatAction } = await import("../../../src/applications/retreat/combat-actions");
const { actionPrompt } = await import("../../../src/applications/actions/prompts");
const { askBeginChoices, askTeamChanges, askDelayAfter } =
  await import("../../../src/applications/combat/dialogs");
const { confirmDelete } = await import("../../../src/applications/sheets/item-menu");
const { RECOVERY_ACTIONS } = await import("../../../src/applications/sheets/recovery");

const spearOf = (actor: Actor.Implementation) => actor.items.getName("Spear") as Item.Implementation;

/** The last dialog shown since `before`, framed; fails when the flow showed none. */
function shownSince(before: number): string {
  const shown = shownDialogs.at(-1);
  if (!shown || shownDialogs.length === before) throw new Error("no dialog was shown");
  return dialogWindow(shown);
}

/** A party of four players' characters facing a guard, long names included; one down, one armed. */
async function party(): Promise<Fight> {
  const owned = (name: string) => ({
    name,
    disposition: DISPOSITIONS.friendly,
    type: "character" as const,
    owner: player(`${name.split(" ")[0]?.toLowerCase() ?? ""}-player`),
  });
  const f = await setUpFight([
    owned("Agnessa of the Long Road"),
    owned("Boudica"),
    owned("Clementine Ashdown-Featherstonehaugh"),
    owned("Fabian"),
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.actor("Agnessa of the Long Road").update({ system: { level: 3, hitDice: { value: 3, max: 3 } } });
  await f.actor("Clementine Ashdown-Featherstonehaugh").createEmbeddedDocuments("Item", [
    { name: "Spear", type: "weapon", system: { equipped: true } },
    { name: "Round shield", type: "shield", system: { equipped: true } },
  ]);
  await f.actor("Fabian").update({ system: { health: { value: 0, max: 10 } } });
  return f;
}

/** A panel action's prompt, opened for Roland on his own turn. */
const panelPrompt = (key: string) => async () => {
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: player("roland-player") },
    { name: "Petra Ashdown-Featherstonehaugh", disposition: DISPOSITIONS.friendly },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  await f.combat.takeTurn(f.member("Roland").id ?? "");
  const roland = f.actor("Roland");
  await roland.createEmbeddedDocuments("Item", [
    { name: "Spear", type: "weapon", system: { equipped: true } },
    { name: "Hand axe of the Northern Marches", type: "weapon", system: { equipped: true } },
    { name: "Round shield", type: "shield", system: { equipped: false } },
  ]);
  const prompt = actionPrompt(key);
  if (!prompt) throw new Error(`no prompt for ${key}`);
  return openedDialog(() => prompt(f.member("Roland"), roland));
};

/** A character with two permanent injuries, so recovery asks which one. */
async function recoveringCharacter(): Promise<Actor.Implementation> {
  const injury = (name: string, attribute: string) => ({
    name,
    type: "injury" as const,
    system: { kind: "maiming", attribute, permanent: true, heals: "downtime" },
  });
  return (await Actor.implementation.create({
    name: "Roland of the Northern Marches",
    type: "character",
    items: [injury("Lost eye (Wisdom)", "wis"), injury("Crushed hand (Dexterity)", "dex")],
  })) as Actor.Implementation;
}

export const DIALOGS: Surface[] = [
  dialog("test", async () => {
    const actor = await showcaseCharacter();
    return openedDialog(() => promptTest(actor, { skill: "combat" }));
  }),
  dialog("attack", async () => {
    const actor = await showcaseCharacter();
    await actor.createEmbeddedDocuments("Item", [FIRE_FLASK]);
    await targetFoes("Guard with a very long name indeed", "Guard Captain");
    return openedDialog(() => promptAttack(actor, actor.items.getName("Fire flask") as Item.Implementation));
  }),
  dialog("attack-untargeted", async () => {
    const actor = await showcaseCharacter();
    return openedDialog(() => promptAttack(actor, spearOf(actor)));
  }),
  dialog("direct-attack", async () => {
    await settings.set("brink", "damageRule", "direct");
    const actor = await showcaseCharacter();
    const weapon = (name: string, damageDie: number) => ({
      name,
      type: "weapon" as const,
      system: { attributes: ["str"], damage: 4, damageDie, damageType: "slashing", equipped: true },
    });
    await actor.createEmbeddedDocuments("Item", [weapon("Longsword", 8), weapon("Dagger", 6)]);
    await targetFoes("Ostrog the Unyielding");
    return openedDialog(() => promptAttack(actor, actor.items.getName("Longsword") as Item.Implementation));
  }),
  dialog("direct-attack-untargeted", async () => {
    await settings.set("brink", "damageRule", "direct");
    const actor = await showcaseCharacter();
    await actor.createEmbeddedDocuments("Item", [
      {
        name: "Longsword of the Northern Marches",
        type: "weapon",
        system: { attributes: ["str"], damage: 4, damageDie: 8, damageType: "slashing", equipped: true },
      },
    ]);
    const longsword = actor.items.getName("Longsword of the Northern Marches") as Item.Implementation;
    return openedDialog(() => promptAttack(actor, longsword));
  }),
  dialog("opposed", async () => {
    const actor = await showcaseCharacter();
    await Actor.implementation.create({ name: "Ostrog the Unbearably Long-Named", type: "character" });
    return openedDialog(() => promptOpposedTest(actor));
  }),
  dialog("heal", async () => {
    const actor = await showcaseCharacter();
    return openedDialog(() => promptHeal(actor));
  }),
  dialog("stabilise", async () => {
    await settings.set("brink", "deathRule", "stabilise");
    const actor = await showcaseCharacter();
    await actor.update({ system: { health: { value: 0 } } });
    await Actor.implementation.create({ name: "Clementine Ashdown-Featherstonehaugh", type: "character" });
    return openedDialog(() => promptStabilise(actor));
  }),
  dialog("death-save", async () => {
    await settings.set("brink", "deathRule", "dying");
    const f = await setUpFight([
      { name: "Petra", disposition: DISPOSITIONS.friendly, type: "character" },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
    ]);
    const dying = {
      turnsTaken: 3,
      successes: 1,
      failures: 1,
      savedThisTurn: false,
      lastStabiliseRound: null,
    };
    await f.actor("Petra").update({
      system: { health: { value: 0 }, conditions: ["dying"], death: { dying } },
    });
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    const before = shownDialogs.length;
    answerDialog(null);
    await f.combat.takeTurn(f.member("Petra").id ?? "");
    await deathSavesSettled();
    return shownSince(before);
  }),
  dialog("rest", async () => {
    const actor = await showcaseCharacter();
    return openedDialog(() => promptRest(actor));
  }),
  dialog("party-rest", async () => {
    await party();
    return openedDialog(() => partyRest());
  }),
  dialog("party-rest-choices", async () => {
    const petras = player("petra-player");
    petras.active = true;
    await Actor.implementation.create({
      name: "Petra Ashdown-Featherstonehaugh",
      type: "character",
      system: { hitDice: { value: 2, max: 3, die: 8 } },
      ownership: {
        default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE,
        [petras.id]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER,
      },
    });
    answerDialog({ kind: "long-safe", "member-0": true });
    answerDialog(null);
    const before = shownDialogs.length;
    await partyRest();
    await partyRestPromptsSettled();
    if (shownDialogs.length < before + 2) throw new Error("the player was not asked for choices");
    return shownSince(before + 1);
  }),
  dialog("retreat", async () => {
    const f = await party();
    return openedDialog(() => emergencyRetreat(f.combat));
  }),
  dialog("retreat-drop", async () => {
    const f = await party();
    queueDice(10, 6, 5, 3, 4, 1, 7, 5, 1, 3, 15, 2, 4, 1, 9);
    answerDialog(Object.fromEntries([0, 1, 2, 3].map((i) => [`member-${i}`, true])));
    answerDialog(null);
    await emergencyRetreat(f.combat);
    const card = game.messages.contents.at(-1) as unknown as {
      id: string;
      system: { record?: { characters: { drops: { choice: { id: string } }[] }[] } };
    };
    const drop = card.system.record?.characters.flatMap((c) => c.drops)[0];
    if (!drop) throw new Error("the retreat left nothing to drop");
    return openedDialog(() => chooseDrop(card.id, drop.choice.id));
  }),
  dialog("retreat-action", async () => {
    const f = await party();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    await f.combat.takeTurn(f.member("Boudica").id ?? "");
    return openedDialog(() => retreatAction(f.member("Boudica")));
  }),
  dialog("morale", async () => {
    await settings.set("brink", "morale", true);
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly },
      { name: "Goblin", disposition: DISPOSITIONS.hostile },
      { name: "Goblin chieftain of the Broken Tooth", disposition: DISPOSITIONS.hostile },
    ]);
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    return openedDialog(() => moraleCheck(f.combat, f.teamId("Foes")));
  }),
  dialog("action-choose-weapon", panelPrompt("attack")),
  dialog("action-custom", panelPrompt("custom")),
  dialog("action-ready", panelPrompt("ready")),
  dialog("action-brandish", panelPrompt("brandish")),
  dialog("action-interact", panelPrompt("interact")),
  dialog("action-short-task", panelPrompt("shortTask")),
  dialog("action-drop-item", panelPrompt("dropItem")),
  dialog("action-resist", panelPrompt("resist")),
  dialog("action-command", panelPrompt("command")),
  dialog("begin-combat", async () => {
    const f = await party();
    return openedDialog(() => askBeginChoices(f.combat));
  }),
  dialog("team", async () => {
    const f = await party();
    const team = f.combat.groups.get(f.teamId("Party"));
    if (!team) throw new Error("no party team");
    return openedDialog(() => askTeamChanges(team));
  }),
  dialog("delay", async () => {
    const f = await party();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    return openedDialog(() => askDelayAfter(f.combat, f.member("Boudica") as BrinkCombatant));
  }),
  dialog("end-combat", async () => {
    const f = await party();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    return openedDialog(() => f.combat.endCombat());
  }),
  dialog("item-delete", async () => {
    const actor = await showcaseCharacter();
    return openedDialog(() => confirmDelete(spearOf(actor)));
  }),
  dialog("recovery-downtime", async () => {
    const actor = await recoveringCharacter();
    return openedDialog(() => RECOVERY_ACTIONS.recoveryDowntime?.call({ actor }) ?? Promise.resolve());
  }),
  dialog("recovery-retire", async () => {
    const actor = await recoveringCharacter();
    return openedDialog(() => RECOVERY_ACTIONS.recoveryRetire?.call({ actor }) ?? Promise.resolve());
  }),
];
